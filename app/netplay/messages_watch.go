package netplay

import "tabula/app/i18n"

// Words of watch links and the spectator's screen.
func init() {
	i18n.Add(i18n.English, map[string]string{
		"net.watch.title":   "Watch link",
		"net.watch.hint":    "Anyone with this link can watch the game live, from any point: they see the board as everyone sees it, and cannot play or chat. It does not let them join.",
		"net.watch.none":    "This game was made before watch links: no watch link.",
		"net.watch.err":     "Spectators may not get the latest moves: %s",
		"net.watching":      "Watching: you see what every player sees, and cannot play.",
		"net.watch.open":    "Opening the game…",
		"net.watch.down":    "No relay answers: %s. Trying again.",
		"net.watch.norelay": "No relay is set in the network settings: a game can be watched only through a relay.",
		"net.watch.refused": "A letter was refused, the game shown is as far as it verified: %s",
		"net.watch.over":    "The game is over.",
		"net.watch.bad":     "This watch link cannot be read: it is damaged, or a newer version of Tabula made it.",
		"net.watch.seats":   "Players: %s",
		"net.watch.moves":   "%d entries verified",
	})
	i18n.Add(i18n.Portuguese, map[string]string{
		"net.watch.title":   "Link para assistir",
		"net.watch.hint":    "Quem tiver este link pode assistir à partida ao vivo, a partir de qualquer momento: vê o tabuleiro como todos o veem e não pode jogar nem conversar. Ele não permite entrar na partida.",
		"net.watch.none":    "Esta partida é anterior aos links para assistir: não há link.",
		"net.watch.err":     "Os espectadores podem não receber as últimas jogadas: %s",
		"net.watching":      "Assistindo: você vê o que todos os jogadores veem e não pode jogar.",
		"net.watch.open":    "Abrindo a partida…",
		"net.watch.down":    "Nenhum relay responde: %s. Tentando de novo.",
		"net.watch.norelay": "Nenhum relay está definido nas configurações de rede: só é possível assistir por um relay.",
		"net.watch.refused": "Uma carta foi recusada; a partida mostrada vai até onde foi verificada: %s",
		"net.watch.over":    "A partida terminou.",
		"net.watch.bad":     "Este link para assistir não pode ser lido: está danificado ou foi feito por uma versão mais nova do Tabula.",
		"net.watch.seats":   "Jogadores: %s",
		"net.watch.moves":   "%d registros verificados",
	})
	i18n.Add(i18n.Russian, map[string]string{
		"net.watch.title":   "Ссылка для зрителей",
		"net.watch.hint":    "Любой, у кого есть эта ссылка, может смотреть партию вживую с любого момента: он видит поле так, как его видят все, и не может ни ходить, ни писать в чат. Войти в игру по ней нельзя.",
		"net.watch.none":    "Эта партия создана до появления ссылок для зрителей: ссылки нет.",
		"net.watch.err":     "Зрители могут не получить последние ходы: %s",
		"net.watching":      "Вы зритель: вы видите то же, что и все игроки, и не можете ходить.",
		"net.watch.open":    "Открываем партию…",
		"net.watch.down":    "Ни один ретранслятор не отвечает: %s. Пробуем снова.",
		"net.watch.norelay": "В настройках сети не задан ни один ретранслятор: смотреть партию можно только через ретранслятор.",
		"net.watch.refused": "Письмо отклонено, партия показана до последней проверенной записи: %s",
		"net.watch.over":    "Партия окончена.",
		"net.watch.bad":     "Эту ссылку для зрителей нельзя прочитать: она повреждена или сделана более новой версией Tabula.",
		"net.watch.seats":   "Игроки: %s",
		"net.watch.moves":   "Проверено записей: %d",
	})
}
