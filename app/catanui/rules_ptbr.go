package catanui

import "tabula/app/i18n"

// As regras de Catan para a tela de regras (pacote app/rules).
func init() {
	i18n.Add(i18n.Portuguese, map[string]string{
		"rules.catan.goal":   "Objetivo",
		"rules.catan.goal.1": "Vocês colonizam a ilha de Catan. Aldeias e cidades nos vértices dos terrenos rendem cartas de matéria-prima quando os dados sorteiam esses terrenos; com as cartas você constrói mais, compra cartas de desenvolvimento e negocia. Vence o primeiro jogador a chegar a %d pontos de vitória na sua própria vez.",
		"rules.catan.setup":  "Preparação",
		"rules.catan.setup.1": "A ilha tem 19 terrenos: floresta (madeira), colinas (tijolo), pastagem (lã), campos (trigo), montanhas (minério) e um deserto, cada um com uma ficha numerada, e 9 portos na costa. Ao começar a partida, escolha o tabuleiro inicial (um mapa fixo) ou um aleatório. O ladrão começa no deserto.\n" +
			"Começa quem tirar o valor mais alto com os dois dados (em caso de empate, rola-se de novo).",
		"rules.catan.setup.2": "Fundação: na ordem dos jogadores, cada um coloca uma aldeia e uma estrada junto a ela; depois, na ordem inversa, cada um coloca uma segunda aldeia e estrada. A segunda aldeia rende na hora uma carta de cada matéria-prima dos terrenos ao seu redor. As aldeias sempre respeitam a Regra da Distância: nenhuma outra aldeia ou cidade em nenhuma das três intersecções vizinhas.",
		"rules.catan.turn":    "A vez de um jogador",
		"rules.catan.turn.1": "Na sua vez:\n" +
			"- Role os dados: cada jogador com aldeia ou cidade junto a um terreno com aquele número recebe matérias-primas.\n" +
			"- Negocie com os outros jogadores e com o banco.\n" +
			"- Construa estradas, aldeias e cidades e compre cartas de desenvolvimento, quantas vezes suas cartas permitirem.\n" +
			"- Encerre a vez; segue o jogador à esquerda.\n" +
			"Você pode jogar uma carta de desenvolvimento a qualquer momento da sua vez, inclusive antes de rolar os dados, mas não uma comprada nesta mesma vez. Depois da rolagem, comércio e construção podem se alternar livremente.",
		"rules.catan.production":   "Produção",
		"rules.catan.production.1": "Cada terreno cujo número saiu dá 1 carta de matéria-prima a cada aldeia e 2 a cada cidade nos seus vértices. O terreno com o ladrão não produz. O banco tem %d cartas de cada matéria-prima: se não puder pagar por inteiro a todos que devem receber uma matéria-prima, ninguém a recebe nessa rolagem.",
		"rules.catan.robber":       "O 7 e o ladrão",
		"rules.catan.robber.1":     "Ninguém produz com um 7. Cada jogador com mais de %d cartas de matéria-prima descarta metade delas, arredondando para baixo, todos ao mesmo tempo.",
		"rules.catan.robber.2":     "Depois, quem rolou move o ladrão para outro terreno (o deserto também vale) e rouba uma carta de matéria-prima ao acaso de um jogador com aldeia ou cidade nesse terreno. Com uma só vítima possível, o roubo é automático; com várias, quem moveu escolhe. Uma carta de Cavaleiro jogada move o ladrão do mesmo jeito, sem descarte.",
		"rules.catan.trade":        "Comércio",
		"rules.catan.trade.1":      "Depois da rolagem, o jogador da vez pode propor uma troca a todos os outros: algumas cartas dele por algumas suas (os dois lados não vazios, só matérias-primas). Cada outro jogador aceita, recusa ou faz uma contraproposta; então o jogador da vez troca com um que aceitou ou contrapropôs, ou retira a proposta. Jogadores fora da vez não negociam entre si. No máximo %d propostas por vez.",
		"rules.catan.trade.2":      "Comércio marítimo com o banco, à sua melhor taxa: 4 cartas iguais por 1 carta à sua escolha; 3 iguais por 1 se você tem aldeia ou cidade num porto 3:1; 2 da matéria-prima do porto por 1 num porto especial 2:1 dessa matéria-prima.",
		"rules.catan.build":        "Construção e custos",
		"rules.catan.build.1": "Pague as cartas indicadas e coloque a peça:\n" +
			"- Estrada: num lado ligado à sua estrada, aldeia ou cidade.\n" +
			"- Aldeia: numa intersecção livre alcançada pela sua estrada, respeitando a Regra da Distância. 1 ponto de vitória.\n" +
			"- Cidade: substitui uma das suas aldeias (a aldeia volta para a sua reserva). 2 pontos de vitória; produz 2 cartas.\n" +
			"- Carta de desenvolvimento: a carta do topo do monte, mantida em segredo na sua mão.\n" +
			"Suas peças são limitadas; quando um tipo acaba, não dá para construí-lo (a cidade devolve a aldeia).",
		"rules.catan.cost.piece": "Peça",
		"rules.catan.cost.cost":  "Custo",
		"rules.catan.cost.vp":    "Pontos",
		"rules.catan.cost.count": "Peças por jogador",
		"rules.catan.cost.dev":   "Carta de desenvolvimento",
		"rules.catan.dev":        "Cartas de desenvolvimento",
		"rules.catan.dev.1":      "O monte tem as cartas abaixo. Os Cavaleiros jogados ficam abertos à sua frente e contam para a Maior Cavalaria. As cartas de Ponto de Vitória nunca são jogadas: ficam ocultas e contam na hora para a sua vitória. As demais cartas são jogadas uma vez e saem do jogo.",
		"rules.catan.awards":     "Maior Estrada e Maior Cavalaria",
		"rules.catan.awards.1":   "Maior Estrada (2 pontos de vitória): o primeiro jogador com uma estrada contínua de pelo menos %d trechos (bifurcações não somam; aldeia ou cidade de outro jogador a interrompe) recebe a cartela; outro jogador a toma construindo uma estrada estritamente maior. Se a estrada de quem a tem for interrompida e vários empatarem como maiores, ou ninguém mais tiver o mínimo, a cartela fica de lado até um só jogador ter a maior.",
		"rules.catan.awards.2":   "Maior Cavalaria (2 pontos de vitória): o primeiro jogador com %d Cavaleiros jogados recebe a cartela; outro a toma jogando estritamente mais.",
		"rules.catan.end":        "Fim e pontuação",
		"rules.catan.end.1":      "Pontos: aldeia 1, cidade 2, Maior Estrada 2, Maior Cavalaria 2, cada carta de Ponto de Vitória 1. Assim que o jogador da vez tiver %d pontos ou mais (contando as cartas de Ponto de Vitória ocultas), o jogo termina e ele vence. Pontos alcançados na vez de outro jogador contam quando começa a sua vez.",
		"rules.catan.readings":   "Interpretações seguidas pelo app",
		"rules.catan.readings.1": "Onde as regras se calam ou divergem, o Tabula joga assim:\n" +
			"- Jogador inicial: o valor mais alto nos dois dados (regra brasileira), em qualquer tabuleiro.\n" +
			"- Falta no banco: se o banco não pode pagar uma matéria-prima a todos que a devem receber, ninguém a recebe, mesmo que seja um só jogador.\n" +
			"- Quem move o ladrão escolhe a vítima sempre que dois ou mais jogadores podem ser roubados.\n" +
			"- Comércio e construção podem se alternar depois da rolagem (uma opção mantém a ordem estrita).\n" +
			"- Uma proposta recusada por todos caduca; um jogador sem cartas recusa na hora.\n" +
			"- Construção de Estradas só pode ser jogada quando há onde pôr uma estrada; Invenção precisa de cartas no banco.\n" +
			"- O tabuleiro inicial é o mapa publicado, mas a fundação é jogada como numa partida normal.",
	})
}
