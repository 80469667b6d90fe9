//go:build !js

package main

import (
	"flag"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
)

// writeIcon draws the app icon (web/icon.png) with the standard library:
// three hex tiles on a dark rounded square, the same picture as
// web/icon.svg. `tabula icon -out web/icon.png` regenerates it.
func writeIcon(args []string) error {
	fs := flag.NewFlagSet("icon", flag.ExitOnError)
	out := fs.String("out", "web/icon.png", "output file")
	size := fs.Int("size", 192, "width and height in pixels")
	_ = fs.Parse(args)
	img := drawIcon(*size)
	f, err := os.Create(*out)
	if err != nil {
		return err
	}
	defer f.Close()
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	return enc.Encode(f, img)
}

// The icon in a 64×64 design space (as in icon.svg).
type hexShape struct {
	cx, cy, r float64
	fill      color.RGBA
}

var iconHexes = []hexShape{
	{22, 25, 12, color.RGBA{0xE6, 0x9F, 0x00, 0xff}},
	{42, 25, 12, color.RGBA{0x00, 0x9E, 0x73, 0xff}},
	{32, 42.3, 12, color.RGBA{0x56, 0xB4, 0xE9, 0xff}},
}

func inHex(x, y float64, h hexShape) bool {
	// Pointy-top hexagon of circumradius r.
	dx, dy := math.Abs(x-h.cx), math.Abs(y-h.cy)
	r := h.r
	w := r * math.Sqrt(3) / 2
	if dx > w || dy > r {
		return false
	}
	return dy <= r-dx/math.Sqrt(3)
}

func inRounded(x, y float64) bool {
	const rad = 12
	cx := math.Max(rad, math.Min(64-rad, x))
	cy := math.Max(rad, math.Min(64-rad, y))
	return (x-cx)*(x-cx)+(y-cy)*(y-cy) <= rad*rad && x >= 0 && y >= 0 && x <= 64 && y <= 64
}

func drawIcon(n int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, n, n))
	bg := color.RGBA{0x16, 0x22, 0x2c, 0xff}
	const ss = 4 // supersampling per axis
	for py := 0; py < n; py++ {
		for px := 0; px < n; px++ {
			var r, g, b, a float64
			for sy := 0; sy < ss; sy++ {
				for sx := 0; sx < ss; sx++ {
					x := (float64(px) + (float64(sx)+0.5)/ss) * 64 / float64(n)
					y := (float64(py) + (float64(sy)+0.5)/ss) * 64 / float64(n)
					if !inRounded(x, y) {
						continue
					}
					c := bg
					for _, h := range iconHexes {
						// A dark outline: slightly larger hex in the background colour.
						if inHex(x, y, hexShape{h.cx, h.cy, h.r - 1.2, h.fill}) {
							c = h.fill
						}
					}
					r += float64(c.R)
					g += float64(c.G)
					b += float64(c.B)
					a += 255
				}
			}
			k := float64(ss * ss)
			if a == 0 {
				continue
			}
			// Un-premultiply: colour is the average over covered samples.
			cov := a / 255
			img.SetNRGBA(px, py, color.NRGBA{uint8(r / cov), uint8(g / cov), uint8(b / cov), uint8(a / k)})
		}
	}
	return img
}
