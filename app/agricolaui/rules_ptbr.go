package agricolaui

import "tabula/app/i18n"

// As regras de Agricola (a partida sem cartas) para a tela de regras, nas
// palavras da edição brasileira (docs/glossary.md).
func init() {
	i18n.Add(i18n.Portuguese, map[string]string{
		"rules.agricola.goal": "Objetivo",
		"rules.agricola.goal.1": "Você cuida de uma pequena fazenda no século 17. Ao longo de 14 rodadas você manda os membros da família trabalhar, junta madeira, argila, junco e pedra, constrói quartos e amplia a família, ara e semeia campos, cerca pastos e cria ovelhas, javalis e vacas — e alimenta todos a cada colheita. No fim vence a fazenda mais variada e completa: tudo o que há numa fazenda pontua, e o que você deixou de lado custa pontos.\n" +
			"O Tabula joga a partida com cartas: além das 10 melhorias maiores, que todos podem construir, cada jogador tem uma mão de ocupações e melhorias menores (baralhos A e B). O jogo em família, sem essas cartas, é uma opção da nova partida.",
		"rules.agricola.setup":   "Preparação",
		"rules.agricola.setup.1": "Cada jogador tem uma fazenda de 3 fileiras de 5 espaços. Dois quartos de madeira ficam na coluna da esquerda, com um membro da família em cada; os outros 3 membros da família, %d cercas e %d estábulos ficam na sua reserva pessoal.",
		"rules.agricola.setup.2": "O jogador inicial é sorteado e recebe %d alimentos; cada um dos outros recebe %d. Jogando sozinho você começa com %d alimentos.",
		"rules.agricola.setup.3": "O tabuleiro tem espaços de ação permanentes; com 3 e 4 jogadores entram mais alguns. As 14 cartas de rodada são embaralhadas por período, então a cada rodada um novo espaço de ação entra em jogo e você só sabe mais ou menos o que vem a seguir.",
		"rules.agricola.cards":   "Ocupações e melhorias menores",
		"rules.agricola.cards.1": "No início cada jogador recebe %d ocupações e %d melhorias menores, em segredo dos outros. Ocupações são ajudantes que dão algo pelo resto da partida; melhorias menores são pequenas construções e ferramentas, algumas valendo pontos. Cada carta diz o que faz, quanto custa e o que exige antes: o botão “i” de uma carta mostra o seu texto.",
		"rules.agricola.cards.2": "Uma ocupação é jogada colocando uma pessoa num espaço %s e pagando o seu preço em alimento: a primeira ocupação da partida ali é grátis, cada uma depois custa 1 alimento (com 3 e 4 jogadores um segundo espaço de Aprendizado tem o seu próprio preço, mostrado nele).",
		"rules.agricola.cards.3": "Uma melhoria menor é jogada com %s (em vez de uma melhoria maior), %s (depois de pegar o jogador inicial), %s (depois do aumento da família) e %s (depois de reformar). O seu pré-requisito precisa estar cumprido e o seu custo ser pago. Melhorias menores itinerantes passam para a mão do vizinho da esquerda depois de jogadas (no jogo solo saem da partida).",
		"rules.agricola.cards.4": "Opção da nova partida, com 2 a 4 jogadores: as mãos são escolhidas em draft em vez de distribuídas. Do pacote à sua frente você fica com 1 ocupação e 1 melhoria menor; depois os pacotes passam para a esquerda, até todas as cartas terem dono.",
		"rules.agricola.cards.5": "Opção da nova partida: o jogo em família, sem ocupações nem melhorias menores. Os espaços %s ficam fora de jogo, %s também acumula 1 alimento por rodada, e o espaço %s entra com 2 a 4 jogadores.",
		"rules.agricola.round":   "Uma rodada",
		"rules.agricola.round.1": "Cada rodada tem estas fases:\n" +
			"- Preparação: a carta da rodada é revelada e vira um novo espaço de ação; os bens que esperam por você no espaço de rodada (do Poço) são seus; cada espaço de armazenagem recebe seus bens, somados aos que já estão lá.\n" +
			"- Jornada de trabalho: a partir do jogador inicial, cada um na sua vez coloca um membro da família num espaço de ação livre e realiza a ação na hora, até todos terem colocado todos. Cada espaço recebe uma pessoa por rodada. Você só pode usar um espaço se realizar pelo menos uma das suas ações. \"E/ou\" permite qualquer das ações em qualquer ordem; \"e depois\" exige a primeira antes da segunda.\n" +
			"- Volta para casa: as pessoas de todos voltam para casa.\n" +
			"- Colheita, após as rodadas %s (veja abaixo).",
		"rules.agricola.round.2":       "O jogador inicial só muda quando alguém usa o Lugar de Encontro, e só a partir da rodada seguinte.",
		"rules.agricola.spaces":        "Os espaços de ação",
		"rules.agricola.spaces.1":      "Os espaços de armazenagem recebem mais bens a cada rodada, e quem os usa leva tudo o que há neles. Os custos de quartos, estábulos, cercas e melhorias estão nas seções seguintes.",
		"rules.agricola.farm":          "Construir a fazenda",
		"rules.agricola.farm.rooms":    "Quartos: cada um custa %s numa casa de madeira (%s numa casa de argila, %s numa casa de pedra) e fica num espaço vazio ao lado de um quarto. Você pode construir vários numa ação.",
		"rules.agricola.farm.renovate": "Reformar transforma a casa inteira no material seguinte, de madeira para argila e de argila para pedra: %s por quarto e %s. Os quartos novos depois disso são do novo material.",
		"rules.agricola.farm.stables":  "Estábulos custam %s cada (%s no Trabalho Extra, um estábulo só), um por espaço, nunca sobre quarto ou campo; você tem %d.",
		"rules.agricola.farm.fields":   "Arar acrescenta um campo: o primeiro em qualquer espaço livre, os seguintes ao lado de um campo. Semear coloca 1 cereal ou 1 hortaliça da sua reserva em cada campo vazio que você escolher; o campo passa a ter 3 cereais ou 2 hortaliças. Fazer pão transforma cereal em alimento com uma melhoria que asse pão.",
		"rules.agricola.farm.growth":   "Ampliar a família dá mais um membro da família (no máximo 5). A ampliação normal exige mais quartos do que membros da família; a urgente (no fim da partida) dispensa quarto. O recém-nascido trabalha a partir da rodada seguinte e come só 1 alimento na colheita da rodada em que nasceu.",
		"rules.agricola.fences":        "Cercas e pastos",
		"rules.agricola.fences.1":      "Cada cerca custa %s; você tem %d. Um pasto é uma área fechada por cercas de todos os lados — a borda da fazenda não é cerca, nem quartos ou campos. No fim de uma ação de cercar, toda cerca deve fazer divisa com um pasto; você pode dividir um pasto em pastos menores.",
		"rules.agricola.fences.2":      "O primeiro pasto pode ficar em qualquer lugar; os seguintes devem encostar nos pastos que você já tem. Na mesa você clica em quaisquer bordas: os pastos que elas formam, o espaço para animais e o custo aparecem na hora, e o botão diz o motivo quando o motor recusaria.",
		"rules.agricola.animals":       "Animais",
		"rules.agricola.animals.1":     "Um pasto abriga %d animais por espaço, de um só tipo; cada estábulo nele dobra isso (um espaço com estábulo: %d). Um estábulo fora dos pastos abriga %d animal de qualquer tipo, e a casa %d animal de estimação.",
		"rules.agricola.animals.2":     "Os animais podem ser movidos a qualquer momento. Quando você recebe animais que não pode abrigar, escolhe quais ficam; os outros são soltos — a não ser que você os cozinhe antes num Fogão ou numa Cozinha.",
		"rules.agricola.harvest":       "A colheita",
		"rules.agricola.harvest.1":     "Campos: cada campo semeado dá exatamente 1 das suas plantações para a sua reserva.",
		"rules.agricola.harvest.2":     "Alimentação: cada membro da família come %d alimentos (%d no jogo solo), um recém-nascido desta rodada %d. Cereais e hortaliças valem 1 alimento cada a qualquer momento; melhorias cozinham e assam por mais. Cada alimento que você não puder pagar vira uma carta de mendicância que vale %d pontos no fim.",
		"rules.agricola.harvest.3":     "Reprodução: para cada tipo de que você tenha pelo menos 2 animais você ganha 1 filhote, se puder abrigá-lo junto com todos os outros. Não se pode cozinhar durante a reprodução.",
		"rules.agricola.majors":        "Melhorias maiores",
		"rules.agricola.majors.1":      "As melhorias são construídas nos espaços Melhoria Maior e Renovação da Moradia. Elas cozinham animais e hortaliças, fazem pão, dão alimento e pontos:",
		"rules.agricola.scoring":       "Pontuação",
		"rules.agricola.scoring.1":     "Depois da colheita da rodada 14 cada jogador pontua as categorias contadas:",
		"rules.agricola.scoring.2":     "Além disso: %d por espaço da fazenda sem uso, %d por estábulo dentro de um pasto, %d por quarto de argila e %d por quarto de pedra, %d por membro da família, os pontos impressos nas suas melhorias e seus pontos extras, e %d por carta de mendicância. Alimento que sobrar não pontua.",
		"rules.agricola.scoring.3":     "Vence quem tiver mais pontos. No empate vence quem tiver mais madeira, argila, junco e pedra sobrando; persistindo o empate, a vitória é compartilhada. A mesa mostra a pontuação de todos agora, por categoria.",
		"rules.agricola.readings":      "Leituras que este app segue",
		"rules.agricola.readings.1": "Onde as regras deixam um ponto em aberto, o Tabula joga assim:\n" +
			"- Jogo em família: o espaço Trabalho Extra (1 estábulo por 1 madeira e/ou fazer pão) entra com 2 a 4 jogadores, não no jogo solo.\n" +
			"- O draft distribui exatamente as cartas que uma distribuição daria; sozinho não há a quem passar, então a mão é distribuída.\n" +
			"- A carta de cada rodada é sorteada quando a rodada começa, entre as que restam no seu período.\n" +
			"- Cercas: uma cerca precisa ter um pasto de exatamente um dos lados; todos os pastos formam uma única área contígua; uma área fechada com quarto ou campo não é pasto. Uma ação de cercar é uma única decisão com todas as suas cercas.\n" +
			"- A alimentação paga sozinha o alimento da sua reserva; cozinhar ou converter antes é escolha sua, e você pode pegar cartas de mendicância em vez de cozinhar.",
		"rules.agricola.readings.2": "- Cada etapa da colheita é feita por todos, começando pelo jogador inicial, antes da seguinte.\n" +
			"- Quando nem todos os filhotes cabem, você escolhe quais ficam.\n" +
			"- Cozinhar é oferecido sempre que você decide algo; a conversão de colheita das oficinas em qualquer decisão sua durante a colheita; o bônus final delas não custa nada.\n" +
			"- O alimento que o Poço colocaria depois da rodada 14 se perde.\n" +
			"- Uma decisão sem nada a decidir é tomada sem perguntar.",
		"rules.agricola.players":      "com %s jogadores",
		"rules.agricola.allplayers":   "qualquer número de jogadores",
		"rules.agricola.stagecard":    "carta do período %d (rodada %s)",
		"rules.agricola.col.space":    "Espaço de ação",
		"rules.agricola.col.when":     "Em jogo",
		"rules.agricola.col.does":     "O que faz",
		"rules.agricola.col.major":    "Melhoria",
		"rules.agricola.col.cost":     "Custo",
		"rules.agricola.col.points":   "Pontos",
		"rules.agricola.col.category": "Categoria",
		"rules.agricola.col.pts":      "%s pts",
	})
}
