package netplay

import "tabula/app/i18n"

// Words of turn-based tables and of the games waiting for the person.
func init() {
	i18n.Add(i18n.English, map[string]string{
		"net.turn.option":       "Turn-based table: players need not be online together",
		"net.turn.hint":         "Moves wait for the others on public relays, encrypted. Every roll of the dice waits until each player's device has taken part (it does so by itself whenever Tabula is open), so the game moves on as its players open Tabula now and then. Nobody is handed to a bot for being away.",
		"net.turn.notify.title": "Tabula: your turn",
		"net.turn.notify.body":  "%s with %s: it is your turn.",
		"net.saved.turn":        "turn-based",
		"home.waiting":          "Games waiting for you",
		"home.waiting.mine":     "Your turn",
		"home.waiting.witness":  "A roll needs this device: it takes part by itself while Tabula is open",
		"home.waiting.notify":   "Tell me when it is my turn",
		"home.waiting.denied":   "Notifications are blocked for this site in the browser's settings.",
		"home.waiting.on":       "You will be told when it is your turn while Tabula is open.",
	})
	i18n.Add(i18n.Portuguese, map[string]string{
		"net.turn.option":       "Mesa por turnos: os jogadores não precisam estar conectados ao mesmo tempo",
		"net.turn.hint":         "As jogadas esperam pelos outros em relays públicos, cifradas. Cada lançamento de dados espera até o aparelho de cada jogador participar (ele o faz sozinho sempre que o Tabula está aberto), então a partida avança conforme os jogadores abrem o Tabula de vez em quando. Ninguém é entregue a um bot por estar ausente.",
		"net.turn.notify.title": "Tabula: sua vez",
		"net.turn.notify.body":  "%s com %s: é a sua vez.",
		"net.saved.turn":        "por turnos",
		"home.waiting":          "Partidas esperando por você",
		"home.waiting.mine":     "Sua vez",
		"home.waiting.witness":  "Um lançamento de dados precisa deste aparelho: ele participa sozinho enquanto o Tabula está aberto",
		"home.waiting.notify":   "Avise-me quando for a minha vez",
		"home.waiting.denied":   "As notificações estão bloqueadas para este site nas configurações do navegador.",
		"home.waiting.on":       "Você será avisado quando for a sua vez enquanto o Tabula estiver aberto.",
	})
	i18n.Add(i18n.Russian, map[string]string{
		"net.turn.option":       "Игра по ходам: игрокам не нужно быть на связи одновременно",
		"net.turn.hint":         "Ходы ждут остальных на публичных ретрансляторах в зашифрованном виде. Каждый бросок костей ждёт, пока в нём поучаствует устройство каждого игрока (оно делает это само, когда Tabula открыта), так что партия продвигается, когда игроки время от времени открывают Tabula. Никого не отдают боту за отсутствие.",
		"net.turn.notify.title": "Tabula: ваш ход",
		"net.turn.notify.body":  "%s с %s: ваш ход.",
		"net.saved.turn":        "по ходам",
		"home.waiting":          "Партии ждут вас",
		"home.waiting.mine":     "Ваш ход",
		"home.waiting.witness":  "Броску костей нужно это устройство: оно участвует само, пока Tabula открыта",
		"home.waiting.notify":   "Сообщать, когда мой ход",
		"home.waiting.denied":   "Уведомления для этого сайта запрещены в настройках браузера.",
		"home.waiting.on":       "Пока Tabula открыта, вы узнаете, когда ваш ход.",
	})
}
