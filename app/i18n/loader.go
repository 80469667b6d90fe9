package i18n

// LoaderTexts are the words the page's loader shows while app.wasm loads,
// before any Go runs (cmd/tabula writes them into its loader script), in
// each language: "loading" is "Loading Tabula… %d%%" (the percentage),
// "mb" the "(%s of %s MB)" after it. They are catalogue messages, so the
// loader speaks the language the app will open in.
func LoaderTexts() map[Lang]map[string]string {
	out := map[Lang]map[string]string{}
	for _, l := range Languages {
		out[l] = map[string]string{}
		for key, id := range map[string]string{"loading": "loader.loading", "mb": "loader.mb"} {
			out[l][key], _ = Text(l, id)
		}
	}
	return out
}
