package stats

func newAgricolaFolder(players int) Folder { return nil }
