package rules

import "tabula/app/i18n"

func init() {
	i18n.Add(i18n.English, map[string]string{
		"rules.title":    "Rules: %s",
		"rules.close":    "Close",
		"rules.contents": "Contents",
		"rules.open":     "Rules",
		"rules.help":     "Rules and help (key ?)",
	})
	i18n.Add(i18n.Portuguese, map[string]string{
		"rules.title":    "Regras: %s",
		"rules.close":    "Fechar",
		"rules.contents": "Sumário",
		"rules.open":     "Regras",
		"rules.help":     "Regras e ajuda (tecla ?)",
	})
	i18n.Add(i18n.Russian, map[string]string{
		"rules.title":    "Правила: %s",
		"rules.close":    "Закрыть",
		"rules.contents": "Содержание",
		"rules.open":     "Правила",
		"rules.help":     "Правила и подсказка (клавиша ?)",
	})
}
