package citiesknights

import "tabula/app/i18n"

// As regras de Cidades & Cavaleiros para a tela de regras (app/rules), com
// nossas palavras; os números vêm do motor como argumentos e tabelas.
func init() {
	i18n.Add(i18n.Portuguese, map[string]string{
		"rules.ck.goal":    "Objetivo",
		"rules.ck.goal.1":  "Cidades & Cavaleiros é Catan com mais para construir e um perigo vindo do mar. Suas cidades ganham melhorias que trazem cartas de progresso, seus cavaleiros defendem a ilha dos bárbaros e as mercadorias (papel, tecido, moedas) se juntam aos recursos. Vence quem primeiro tiver %d pontos de vitória durante a própria vez.",
		"rules.ck.setup":   "Preparação",
		"rules.ck.setup.1": "A ilha é a do jogo base: 19 hexágonos de terreno com fichas numeradas e 9 portos, no tabuleiro inicial fixo ou aleatório. O ladrão começa no deserto e o navio bárbaro no início de sua trilha. Todas as trilhas de melhorias começam vazias.",
		"rules.ck.setup.2": "Começa quem tirar mais nos dados. Na ordem do turno cada jogador coloca uma aldeia e uma estrada encostada nela; depois, na ordem inversa, cada um coloca uma cidade (não uma aldeia) e uma estrada encostada nela, respeitando a regra da distância. A cidade lhe dá na hora um recurso de cada hexágono de terreno ao redor. Quem colocou a última cidade joga a primeira vez.",
		"rules.ck.turn":    "A vez e os três dados",
		"rules.ck.turn.1": "Na sua vez:\n" +
			"- Antes de rolar você pode jogar o Alquimista, a única carta permitida nesse momento.\n" +
			"- Role juntos o dado vermelho, o amarelo e o dado de evento. O dado de evento é resolvido primeiro: um navio avança os bárbaros um passo rumo a Catan; um portão de cidade deixa os jogadores comprarem cartas de progresso daquela cor.\n" +
			"- Depois, vermelho mais amarelo produzem (ou sai um 7).\n" +
			"- Agora troque, construa, compre melhorias, contrate, ative e promova cavaleiros, aja com cavaleiros e jogue cartas de progresso, em qualquer ordem e quantas vezes puder.\n" +
			"- Encerre a vez com no máximo %d cartas de progresso.",
		"rules.ck.event.ship":           "O navio bárbaro avança um passo; no passo %d os bárbaros atacam.",
		"rules.ck.event.gate":           "Cada jogador com melhoria de %s cujo nível faz o dado vermelho valer compra uma carta de progresso dessa cor.",
		"rules.ck.production":           "Produção",
		"rules.ck.production.1":         "Cada hexágono cujo número saiu produz para as aldeias e cidades em seus cantos, a menos que o ladrão esteja nele. Uma cidade vizinha a floresta, pastagem ou montanha recebe um recurso e uma mercadoria; vizinha a campo ou colina, dois recursos. O banco tem %d cartas de cada mercadoria e %d de cada recurso; se não puder pagar todos os pedidos de um tipo, ninguém recebe esse tipo naquela rolagem.",
		"rules.ck.col.terrain":          "Terreno",
		"rules.ck.robber":               "O 7, o limite de cartas e o ladrão",
		"rules.ck.robber.1":             "Ninguém produz num 7. Cada jogador com mais cartas que o seu limite descarta metade delas, arredondando para baixo: contam recursos e mercadorias, não as cartas de progresso. O limite é %d, mais 2 por muralha sua (no máximo %d muralhas).",
		"rules.ck.robber.2":             "Até o primeiro ataque dos bárbaros o ladrão fica no deserto: um 7 ainda obriga a descartar, mas ninguém move o ladrão nem rouba. A partir do primeiro ataque, quem rolou move o ladrão e rouba uma carta ao acaso (recurso ou mercadoria) de um jogador vizinho ao novo hexágono.",
		"rules.ck.trade":                "Comércio",
		"rules.ck.trade.1":              "Troque recursos e mercadorias com os outros jogadores como no jogo base (cartas de progresso nunca são trocadas). Com o banco, dê 4 cartas iguais por uma carta à sua escolha; 3 num porto 3:1; 2 do recurso do porto num porto 2:1.",
		"rules.ck.trade.2":              "Taxas melhores: o dono do mercador troca o recurso do hexágono dele a 2:1; uma Frota Mercante deixa um tipo a 2:1 até o fim da vez; a partir do nível %d de comércio (Guilda dos Mercadores) toda mercadoria troca a 2:1.",
		"rules.ck.build":                "Construções e custos",
		"rules.ck.build.1":              "Estradas, aldeias e cidades se constroem como no jogo base, mas nenhuma estrada passa por uma intersecção com cavaleiro de outro jogador. Uma muralha vai sob uma de suas cidades (uma por cidade, no máximo %d): ela aumenta seu limite de cartas. Cavaleiros são contratados, ativados e promovidos como abaixo. Não há cartas de desenvolvimento nem Maior Cavalaria.",
		"rules.ck.col.note":             "Observações",
		"rules.ck.cost.road":            "%d por jogador",
		"rules.ck.cost.settlement":      "%d por jogador; 1 PV",
		"rules.ck.cost.city":            "%d por jogador; 2 PV",
		"rules.ck.cost.wall":            "sob uma cidade; no máximo %d; +2 no limite de cartas",
		"rules.ck.cost.hire":            "um cavaleiro simples, inativo, numa intersecção vazia na ponta de suas estradas",
		"rules.ck.cost.activate":        "o cavaleiro pode agir a partir da sua próxima vez",
		"rules.ck.cost.promote":         "um nível acima, uma vez por vez para cada cavaleiro",
		"rules.ck.cost.improvement":     "Melhoria de cidade",
		"rules.ck.cost.improvementnote": "o nível n custa n mercadorias da trilha (veja abaixo)",
		"rules.ck.improvements":         "Melhorias de cidade",
		"rules.ck.improvements.1":       "Cada jogador tem três trilhas de %d níveis: ciência (verde, paga com papel), comércio (amarela, paga com tecido) e política (azul, paga com moedas). Compre os níveis um de cada vez, em ordem; qualquer nível exige ao menos uma cidade. Melhorias nunca se perdem.",
		"rules.ck.improvements.2":       "Quando o dado de evento mostra um portão de cidade, cada jogador com ao menos o nível 1 nessa trilha compra uma carta da cor dela se o dado vermelho for baixo o bastante (veja a tabela). O nível %d traz uma habilidade permanente: ciência, o Aqueduto (depois de uma rolagem que não lhe dá nada, pegue um recurso à sua escolha); comércio, a Guilda dos Mercadores (mercadorias a 2:1); política, a Fortaleza (cavaleiros fortes podem virar poderosos).",
		"rules.ck.col.level":            "Nível",
		"rules.ck.col.draw":             "Compra",
		"rules.ck.draws":                "vermelho 1–%d",
		"rules.ck.level.ability":        "habilidade",
		"rules.ck.level.metropolis":     "metrópole",
		"rules.ck.metropolis":           "Metrópoles",
		"rules.ck.metropolis.1":         "O primeiro jogador a chegar ao nível %d de uma trilha coloca a metrópole dessa trilha numa de suas cidades: a cidade passa a valer 4 pontos e nunca pode ser saqueada. Quem chega ao nível %d enquanto o dono ainda está abaixo dele leva a metrópole para uma cidade sua. Os níveis 4 e 5 exigem uma cidade que ainda não tenha metrópole, a menos que você já tenha a metrópole dessa trilha.",
		"rules.ck.knights":              "Cavaleiros",
		"rules.ck.knights.1":            "Cavaleiros ficam nas intersecções e defendem Catan. Há três níveis; cada jogador tem %d de cada. Um cavaleiro novo é simples e inativo. Só um cavaleiro ativo (com elmo) conta contra os bárbaros e pode agir; um cavaleiro ativado nesta vez só age numa vez seguinte.",
		"rules.ck.knights.2":            "Promover sobe o cavaleiro um nível e mantém seu estado; cada cavaleiro é promovido no máximo uma vez por vez, e um cavaleiro forte só vira poderoso com o nível %d de política (a Fortaleza).",
		"rules.ck.knights.3": "Um cavaleiro ativo pode fazer uma destas ações, depois fica inativo:\n" +
			"- Mover-se pelas suas estradas até uma intersecção vazia, sem passar por peça de outro jogador.\n" +
			"- Expulsar um cavaleiro adversário mais fraco que ele alcance: o dono o move para uma intersecção vazia pelas próprias estradas, ou o pega de volta se não houver nenhuma.\n" +
			"- Espantar o ladrão (depois do primeiro ataque) se estiver num canto do hexágono do ladrão: mova o ladrão e roube como depois de um 7.\n" +
			"Cavaleiros bloqueiam as estradas dos outros jogadores e interrompem a Maior Estrada deles. Cavaleiros não valem pontos.",
		"rules.ck.col.rank":          "Nível",
		"rules.ck.col.strength":      "Força",
		"rules.ck.barbarians":        "Os bárbaros",
		"rules.ck.barbarians.1":      "Cada navio no dado de evento avança o navio bárbaro um passo; quando ele chega a Catan, no passo %d, os bárbaros atacam na hora, antes da produção. A força deles é o número de cidades na ilha (metrópoles incluídas); a de Catan é a soma da força de todos os cavaleiros ativos.",
		"rules.ck.barbarians.2":      "Se os cavaleiros forem pelo menos tão fortes, Catan resiste: o jogador que sozinho tiver a maior força ativa vira o Defensor de Catan e recebe uma carta que vale 1 ponto; se vários empatarem, cada um deles compra em vez disso uma carta de progresso de uma pilha à sua escolha.",
		"rules.ck.barbarians.3":      "Se os bárbaros forem mais fortes, entre os jogadores que têm uma cidade sem metrópole, os de menor força ativa perdem, cada um, uma cidade à sua escolha: ela vira aldeia e sua muralha é destruída. Quem só tem metrópoles, ou nenhuma cidade, está a salvo.",
		"rules.ck.barbarians.4":      "Depois o navio volta ao início e todos os cavaleiros ficam inativos. O primeiro ataque também solta o ladrão.",
		"rules.ck.progress":          "Cartas de progresso",
		"rules.ck.progress.1":        "Três pilhas de %d cartas: ciência (verde), comércio (amarela), política (azul). Você pode ter no máximo %d cartas de progresso: acima disso, descarte na hora na vez de outro jogador, ou jogue ou descarte antes de encerrar a sua. As cartas de pontos de vitória (Imprensa, Constituição) são reveladas na hora e nunca ficam na mão.",
		"rules.ck.progress.2":        "Jogue quantas quiser na sua vez depois da rolagem, até cartas compradas nesta vez; só o Alquimista é jogado antes da rolagem. As cartas jogadas vão para baixo da sua pilha.",
		"rules.ck.col.card":          "Carta",
		"rules.ck.col.deck":          "Pilha",
		"rules.ck.col.copies":        "Cópias",
		"rules.ck.col.when":          "Quando",
		"rules.ck.col.effect":        "Efeito",
		"rules.ck.col.face":          "Face",
		"rules.ck.col.faces":         "Faces",
		"rules.ck.scoring":           "Pontos de vitória",
		"rules.ck.scoring.1":         "Todos os pontos são públicos. Há %d cartas de Defensor de Catan; o ponto do mercador vai com o mercador.",
		"rules.ck.col.source":        "Origem",
		"rules.ck.points.metropolis": "Cidade com metrópole",
		"rules.ck.points.defender":   "Carta de Defensor de Catan",
		"rules.ck.end":               "Fim do jogo",
		"rules.ck.end.1":             "O jogo termina assim que um jogador tiver %d ou mais pontos de vitória durante a própria vez; quem chega lá na vez de outro vence no começo da sua próxima vez.",
		"rules.ck.readings":          "Leituras em pontos abertos",
		"rules.ck.readings.1": "Onde as regras deixam margem, o Tabula joga assim:\n" +
			"- O navio precisa de 7 passos; cada jogador tem 3 muralhas.\n" +
			"- Um porto 3:1 aceita três cartas iguais, recursos ou mercadorias.\n" +
			"- Cavaleiros andam só pelas estradas do dono e nunca atravessam construção ou cavaleiro de outro jogador; um cavaleiro expulso recua a partir de onde estava.\n" +
			"- Os níveis 4 e 5 exigem uma cidade sem metrópole, a menos que você tenha a metrópole dessa trilha.\n" +
			"- Quando Catan resiste e ninguém tem cavaleiro ativo, todos empatam e compram uma carta de progresso.\n" +
			"- Cavaleiros do Senhor da Guerra e do Desertor não agem na vez em que chegam.\n" +
			"- O Desertor pode colocar um cavaleiro mais fraco quando não houver do mesmo nível.\n" +
			"- O Guindaste é jogado junto com a melhoria que ele paga.\n" +
			"- Uma estrada é aberta quando uma de suas pontas não tem mais nada do dono (estrada, construção ou cavaleiro).\n" +
			"- O Porto Comercial encontra cada adversário uma vez por vez.\n" +
			"- O mercador pode ficar no deserto.\n" +
			"- Uma carta que não faria nada não pode ser jogada; Irrigação e Mineração ignoram o ladrão.\n" +
			"- O Alquimista pode fixar um 7.\n" +
			"- Um cavaleiro contratado nesta vez pode ser ativado e promovido na hora.\n" +
			"- Uma cidade saqueada quando você não tem mais peças de aldeia fica tombada: conta como aldeia e precisa ser reconstruída antes de qualquer aldeia nova.\n" +
			"- O primeiro ataque solta o ladrão na hora.",
	})
}
