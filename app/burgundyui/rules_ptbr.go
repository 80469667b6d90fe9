package burgundyui

import "tabula/app/i18n"

// As regras de Os Castelos de Borgonha para a tela de regras.
func init() {
	i18n.Add(i18n.Portuguese, map[string]string{
		"rules.burgundy.goal":    "Objetivo",
		"rules.burgundy.goal.1":  "Cada jogador é um príncipe no vale do Loire que constrói um estado de tiles hexagonais: castelos, minas, navios, pastos com animais, conhecimento e prédios. Cada ação é escolhida com os seus dois dados. Completar regiões do estado, vender mercadorias, colocar animais e prédios rendem pontos de vitória; depois de cinco fases vence quem tiver mais pontos.",
		"rules.burgundy.setup":   "Preparação",
		"rules.burgundy.setup.1": "Todos têm o mesmo tabuleiro de estado, com o castelo inicial no espaço verde-escuro do meio, 1 Silverling e 3 tiles de mercadoria aleatórios na armazenagem. O jogador inicial é sorteado; na ordem do turno, os jogadores recebem 1, 2, 3 e 4 trabalhadores. Os marcadores de ordem do turno começam empilhados, o jogador inicial no topo.",
		"rules.burgundy.phases":  "Fases e rodadas",
		"rules.burgundy.phases.1": "O jogo tem 5 fases (de A a E) de 5 rodadas. No começo de cada fase, os tiles que sobraram nos depósitos saem do jogo (as mercadorias ficam), os seis depósitos numerados e o depósito preto recebem tiles novos, e 5 tiles de mercadoria são postos nos espaços de rodada.\n" +
			"Em cada rodada, todos rolam seus dois dados; o jogador inicial rola também o dado branco, e o próximo tile de mercadoria dos espaços de rodada vai para o depósito com o número do dado branco. Depois, todos jogam um turno na ordem do turno.",
		"rules.burgundy.turn": "Seu turno",
		"rules.burgundy.turn.1": "Você tem dois dados: use cada um numa ação, em qualquer ordem:\n" +
			"- Pegar um tile do depósito numerado com o número do dado.\n" +
			"- Colocar um tile da sua armazenagem no seu estado.\n" +
			"- Vender todas as suas mercadorias do número do dado.\n" +
			"- Pegar 2 trabalhadores (qualquer número).",
		"rules.burgundy.turn.2":      "Cada trabalhador gasto muda um dado em 1 para cima ou para baixo; 6 e 1 são vizinhos. Uma vez por turno, antes, entre ou depois das ações de dado, você também pode comprar um tile do depósito preto por 2 Silverlings (ele vai para a sua armazenagem).",
		"rules.burgundy.take":        "Pegar um tile",
		"rules.burgundy.take.1":      "Pegue qualquer tile do depósito com o número do dado e ponha-o na sua armazenagem. A armazenagem guarda 3 tiles: pegar um quarto obriga você a descartar um dos três mais antigos.",
		"rules.burgundy.place":       "Colocar um tile",
		"rules.burgundy.place.1":     "Coloque um tile da sua armazenagem num espaço vazio do seu estado que tenha a mesma cor, mostre o número do dado e toque um tile que já esteja no estado. O tile age na hora:",
		"rules.burgundy.buildings":   "Prédios",
		"rules.burgundy.buildings.1": "Os prédios vão nos espaços bege. Uma cidade (região bege contínua) só pode ter cada tipo de prédio uma vez. Cada prédio age uma vez, quando colocado:",
		"rules.burgundy.knowledge":   "Tiles de conhecimento",
		"rules.burgundy.knowledge.1": "Os tiles amarelos de conhecimento mudam uma regra para você desde que são colocados, ou pontuam no fim do jogo:",
		"rules.burgundy.sell":        "Vender mercadorias",
		"rules.burgundy.sell.1":      "Venda todos os seus tiles de mercadoria do número do dado: a venda rende 1 Silverling, e cada tile vendido vale %d pontos de vitória com 2 jogadores, %d com 3 e %d com 4. As mercadorias vendidas ficam viradas para baixo à sua frente.",
		"rules.burgundy.workers":     "Pegar trabalhadores",
		"rules.burgundy.workers.1":   "Seja qual for o número do dado, pegue 2 trabalhadores da reserva.",
		"rules.burgundy.storage":     "Armazenagem",
		"rules.burgundy.storage.1":   "Sua armazenagem tem 3 espaços para tiles hexagonais e 3 para mercadorias (um tipo em cada). Um quarto tile hexagonal obriga a descartar um mais antigo. Mercadorias de um tipo que você já tem sempre cabem; as de tipos novos que não cabem ficam no depósito.",
		"rules.burgundy.scoring":     "Pontuação durante o jogo",
		"rules.burgundy.scoring.1":   "Quando você preenche o último espaço vazio de uma região (espaços contínuos de uma cor), ela pontua na hora: pontos pelo tamanho mais um bônus que diminui de fase em fase (tabela abaixo). Os animais pontuam ao serem colocados: os animais do tile mais todos os animais do mesmo tipo já naquele pasto.",
		"rules.burgundy.scoring.2":   "O primeiro jogador a preencher todos os espaços de uma cor fica com o tile de bônus grande dessa cor (%d, %d ou %d pontos com 2, 3 ou 4 jogadores), o segundo com o pequeno (%d, %d ou %d).",
		"rules.burgundy.size":        "Tamanho da região",
		"rules.burgundy.phase":       "Fase %s",
		"rules.burgundy.end":         "Fim do jogo",
		"rules.burgundy.end.1":       "Depois da rodada 5 da fase E, cada jogador soma: 1 ponto por tile de mercadoria restante, 1 por Silverling, 1 a cada 2 trabalhadores, e os pontos dos seus tiles de conhecimento de fim de jogo. Vence quem tiver mais pontos. Em caso de empate, vence quem tiver menos espaços vazios no estado; persistindo, quem estiver mais atrás na ordem do turno da última rodada.",
		"rules.burgundy.readings":    "Interpretações seguidas pelo app",
		"rules.burgundy.readings.1": "Onde as regras se calam, estão truncadas ou divergem, o Tabula joga assim:\n" +
			"- Tabuleiro de estado 1 para todos, com os números impressos; o espaço do castelo inicial não tem número.\n" +
			"- Depósito preto: %d, %d ou %d tiles com 2, 3 ou 4 jogadores; os dois tamanhos de bônus valem em qualquer número de jogadores.\n" +
			"- No começo de cada fase, todo tile hexagonal que sobrou nos depósitos sai do jogo; as mercadorias ficam.\n" +
			"- Uma venda rende 1 Silverling por venda (não por tile) e os pontos por tile.\n" +
			"- Ordem do turno: um navio avança o seu marcador um espaço, para o topo da pilha que estiver lá; a nova ordem e o dado branco valem a partir da rodada seguinte.\n" +
			"- O conhecimento 2 dá 1 trabalhador por mina no fim de cada fase; o segundo depósito do conhecimento 5 deve ser vizinho do primeiro no anel 1-2-3-4-5-6-1.\n" +
			"- A Prefeitura ignora o número do dado, mas não a cor, a vizinhança nem a regra de um prédio de cada tipo por cidade.\n" +
			"- Desempate (regra em português): menos espaços vazios, depois quem estiver mais atrás na ordem do turno.",
	})
}
