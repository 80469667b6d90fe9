package stats


func newBurgundyFolder(players int) Folder { return nil }
