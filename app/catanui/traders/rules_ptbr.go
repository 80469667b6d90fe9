package traders

import "tabula/app/i18n"

func init() {
	i18n.Add(i18n.Portuguese, map[string]string{
		"rules.traders.goal":   "Objetivo",
		"rules.traders.goal.1": "Três hexágonos de destino ficam no litoral de Catan: o castelo, a pedreira e a vidraria. Cada um precisa de mercadorias que outro fornece. Você funda, negocia e constrói como em Catan e, além disso, conduz uma carroça entre eles: ela pega uma carta de carga num hexágono de destino e leva a mercadoria ao hexágono que precisa dela. Cada entrega vale 1 ponto de vitória e rende ouro. Vence quem primeiro chegar a %d pontos de vitória durante a própria vez.",

		"rules.traders.setup": "Preparação",
		"rules.traders.setup.1": "A ilha é montada ao acaso, sem o deserto e com uma pastagem e um campo a menos; os %d hexágonos de destino ocupam três cantos da ilha. Um hexágono de destino não tem ficha numerada e não produz nada. No seu centro fica o seu prédio, numa intersecção própria, a praça, ligada por quatro lados aos cantos do hexágono voltados para a terra. Nesses quatro lados podem ser construídas estradas, mas não no litoral do hexágono, e nada é construído na praça.\n" +
			"As fichas numeradas 2 e 12 ficam fora. Não há ladrão, e a Maior Estrada não é usada.",
		"rules.traders.setup.2": "Cada jogador recebe %d de ouro. %d bárbaros ficam em lados junto aos hexágonos de destino, e as %d cartas de carga formam três pilhas, uma junto a cada hexágono de destino.\n" +
			"Fundação: na ordem dos jogadores, cada um coloca uma aldeia e uma estrada encostada nela; depois, na ordem inversa, cada um coloca uma cidade e uma estrada. A cidade rende uma carta de matéria-prima de cada hexágono de terra ao seu redor. Sua carroça começa na sua cidade, no nível 1.",
		"rules.traders.col.hex":      "Hexágono de destino",
		"rules.traders.col.needs":    "Precisa de (entregue aqui)",
		"rules.traders.col.supplies": "Suas cartas de carga trazem",

		"rules.traders.turn": "A vez",
		"rules.traders.turn.1": "Na sua vez:\n" +
			"- Role os dados. Um 2 ou um 12 é rolado de novo. Um 7 move um bárbaro (veja Bárbaros).\n" +
			"- Negocie e construa como em Catan. Você também pode melhorar sua carroça, comprar matérias-primas com ouro e vender cartas por ouro.\n" +
			"- Mova sua carroça e encerre a vez.\n" +
			"Depois que a carroça se move, não se pode mais negociar, construir nem jogar carta de crônica nessa vez. Você também pode encerrar a vez sem mover.",

		"rules.traders.wagon": "O movimento da carroça",
		"rules.traders.wagon.1": "A carroça anda de intersecção em intersecção pelos lados, incluindo os quatro lados de um hexágono de destino. Cada passo custa pontos de movimento (tabela abaixo). Sua carta de carroça dá seus pontos de movimento a cada vez, e os pontos não usados se perdem. Um passo é pago por inteiro: quando os pontos que restam não bastam para o próximo passo, o resto se perde. Você pode parar quando quiser, e chegar a uma praça encerra o movimento.\n" +
			"Um passo pela estrada de outro jogador custa um pedágio, pago ao dono da estrada; sem ouro você não pode usar essa estrada. Várias carroças podem dividir uma intersecção, e construções nunca bloqueiam uma carroça.",
		"rules.traders.wagon.2": "Reforço de trigo: uma vez por vez, durante o movimento, você pode pagar um trigo por %d pontos de movimento a mais.\n" +
			"No tabuleiro, as intersecções que sua carroça alcança se acendem com seu custo; uma moeda marca um pedágio e uma espiga um caminho que precisa do reforço. Aponte para uma, ou foque-a com o teclado, para ver o caminho; clique ou tecle Enter para ir. Um caminho que custa ouro ou trigo, e qualquer caminho num celular, é mostrado primeiro e feito com um segundo toque ou com o botão Ir.",
		"rules.traders.col.step":       "Um passo por",
		"rules.traders.col.points":     "Pontos de movimento",
		"rules.traders.col.toll":       "Pedágio",
		"rules.traders.step.path":      "um lado sem estrada",
		"rules.traders.step.own":       "sua própria estrada",
		"rules.traders.step.other":     "a estrada de outro jogador",
		"rules.traders.step.barbarian": "… com um bárbaro: a mais",

		"rules.traders.cargo":   "Carga e entregas",
		"rules.traders.cargo.1": "A primeira praça que sua carroça alcança lhe dá a carta de carga do topo da sua pilha. A mercadoria nela (mármore, vidro, areia ou ferramentas) deve ir ao hexágono de destino que precisa dela (veja a tabela em Preparação). Você leva uma carta por vez; ela fica virada para cima, e todos veem para onde sua carroça vai.",
		"rules.traders.cargo.2": "Chegar à praça que precisa da sua mercadoria é uma entrega: a carta fica na sua frente e vale 1 ponto de vitória, você recebe o ouro que sua carta de carroça paga, e vira na hora a próxima carta da pilha dessa praça como sua nova carga. Chegar a outra praça só encerra o movimento. Quando uma pilha acaba, você não recebe carta ali; a próxima praça com cartas lhe dá uma.",

		"rules.traders.upgrade":      "Melhorar a carroça",
		"rules.traders.upgrade.1":    "Durante o comércio e a construção, você pode virar sua próxima carta de carroça pagando o custo dela, um nível por vez, quantas vezes puder pagar. Uma carroça melhor tem mais pontos de movimento, ganha mais ouro por entrega e expulsa bárbaros com mais facilidade. O nível %d vale 1 ponto de vitória.",
		"rules.traders.col.level":    "Nível",
		"rules.traders.col.cost":     "Custo",
		"rules.traders.col.gold":     "Ouro por entrega",
		"rules.traders.col.driveoff": "Expulsa um bárbaro",
		"rules.traders.col.vp":       "Pontos",

		"rules.traders.barbarians":   "Bárbaros",
		"rules.traders.barbarians.1": "Os bárbaros ficam nos lados, no máximo um por lado. Um passo por um bárbaro custa %d pontos de movimento a mais. Pode-se construir uma estrada sob um bárbaro.",
		"rules.traders.barbarians.2": "Quando sai um 7, ninguém produz, e cada jogador com mais de %d cartas de matéria-prima descarta metade delas, arredondando para baixo (o ouro não conta). Depois, quem rolou move um bárbaro qualquer para um lado ou estrada livre; na estrada de outro jogador, tira uma carta de matéria-prima ao acaso do dono dela (nunca ouro). Uma carta de Cavaleiro move um bárbaro do mesmo jeito, sem os descartes.",
		"rules.traders.barbarians.3": "A partir do nível 2, sua carroça pode tentar expulsar um bárbaro cujo lado começa onde ela está: um dado decide, e os resultados que sua carta de carroça mostra o expulsam. Você então põe esse bárbaro em qualquer outro lado livre (sem roubo) e segue. Uma tentativa não custa pontos de movimento; cada bárbaro pode ser tentado uma vez por vez.",

		"rules.traders.gold":   "Ouro",
		"rules.traders.gold.1": "O ouro não é matéria-prima: nunca é descartado nem roubado e não dá pontos. Você pode comprar do banco qualquer carta de matéria-prima por %d de ouro, no máximo %d vezes por vez, e vender cartas ao banco por 1 de ouro na sua taxa de comércio marítimo (4 iguais, ou a taxa do seu porto). O ouro paga pedágios e vem das entregas e dos pedágios pagos a você; também pode ser negociado com outros jogadores.",

		"rules.traders.chronicle":          "Cartas de crônica",
		"rules.traders.chronicle.1":        "As cartas de desenvolvimento são trocadas pelas cartas de crônica abaixo. Uma carta custa %s e é jogada como uma carta de desenvolvimento: no máximo uma por vez, nunca na vez em que foi comprada, e não depois que sua carroça se moveu. Os Cavaleiros jogados contam para a Maior Cavalaria.",
		"rules.traders.card.knight":        "Mova um bárbaro; na estrada de outro jogador, tire uma carta de matéria-prima do dono dela.",
		"rules.traders.card.victory-point": "1 ponto de vitória, guardado em segredo até dar a vitória.",
		"rules.traders.card.road-building": "Coloque 2 estradas de graça.",
		"rules.traders.card.swift-journey": "Sua carroça se move uma segunda vez nesta vez, com todos os seus pontos de movimento. Jogue-a antes de a carroça se mover.",

		"rules.traders.end":   "Fim e pontuação",
		"rules.traders.end.1": "Pontos: aldeia 1, cidade 2, cada carta de carga entregue 1, carroça no nível 5 1, cada carta de Ponto de Vitória 1, Maior Cavalaria 2 (o primeiro com %[2]d Cavaleiros jogados, depois quem jogar mais). Maior Estrada e ouro não dão pontos. Assim que o jogador da vez tiver %[1]d pontos ou mais, a partida termina e ele vence.",

		"rules.traders.readings": "Leituras que este app segue",
		"rules.traders.readings.1": "Onde as regras do cenário são omissas ou incompletas, o Tabula joga assim:\n" +
			"- Os hexágonos de destino ficam nos três cantos da ilha que não têm porto; um bárbaro começa num lado de cada um.\n" +
			"- Cartas de carroça: o nível 1 dá %d pontos de movimento e %d de ouro, o nível 2 dá %d pontos e %d de ouro e expulsa com um %d; os níveis acima seguem a tabela em Melhorar a carroça.\n" +
			"- Cada pilha tem %d cartas de cada uma das duas mercadorias que traz.\n" +
			"- O baralho de crônica tem %d cartas: %d Cavaleiros, %d Construção de Estradas, %d Viagem Rápida, %d Pontos de Vitória.\n" +
			"- Depois que a carroça se move, o comércio e a construção acabam nessa vez.\n" +
			"- Sem ouro você não pode usar a estrada de outro jogador.\n" +
			"- Tentar expulsar um bárbaro não custa pontos de movimento.\n" +
			"- O litoral de um hexágono de destino não é caminho para carroças nem para bárbaros.\n" +
			"- Cartas podem ser vendidas por ouro em qualquer taxa marítima que você tenha, incluindo um porto 2:1.\n" +
			"- A Viagem Rápida dá um segundo movimento com todos os pontos; o reforço de trigo continua uma vez por vez.",
	})
}
