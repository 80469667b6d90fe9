package netplay

import (
	"strconv"
	"strings"

	"rsc.io/qr"
)

// QRSVG draws text as a QR code in SVG (level L: invite links are long,
// and a screen shows them crisply). Dark modules of a row are merged into
// runs, so one path stays small; a 4-module quiet zone surrounds the code.
func QRSVG(text string, px int) (string, error) {
	c, err := qr.Encode(text, qr.L)
	if err != nil {
		return "", err
	}
	n := c.Size + 8
	var b strings.Builder
	b.WriteString(`<svg class="qr" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 `)
	b.WriteString(strconv.Itoa(n) + " " + strconv.Itoa(n))
	b.WriteString(`" width="` + strconv.Itoa(px) + `" height="` + strconv.Itoa(px))
	b.WriteString(`" shape-rendering="crispEdges" role="img" data-modules="` + strconv.Itoa(c.Size) + `"><rect width="100%" height="100%" fill="#fff"/><path fill="#000" d="`)
	for y := 0; y < c.Size; y++ {
		for x := 0; x < c.Size; {
			if !c.Black(x, y) {
				x++
				continue
			}
			run := 1
			for x+run < c.Size && c.Black(x+run, y) {
				run++
			}
			b.WriteString("M" + strconv.Itoa(x+4) + " " + strconv.Itoa(y+4) + "h" + strconv.Itoa(run) + "v1h-" + strconv.Itoa(run) + "z")
			x += run
		}
	}
	b.WriteString(`"/></svg>`)
	return b.String(), nil
}
