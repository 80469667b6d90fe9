//go:build tools

// Package deps pins the modules the project builds on before every package
// that imports them exists, so parallel work shares one go.mod.
package deps

import (
	_ "github.com/chromedp/chromedp"
	_ "github.com/maxence-charriere/go-app/v10/pkg/app"
	_ "github.com/pion/transport/v5/vnet"
	_ "github.com/pion/webrtc/v4"
)
