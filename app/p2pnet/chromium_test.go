//go:build !js

package p2pnet

import (
	"context"
	"fmt"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Chromium accepts the SDPs that Compact rebuilds, both ways: its own offer
// squeezed and rebuilt is answered by a second page connection, the
// answer squeezed and rebuilt is accepted, and a message crosses the data
// channel. This pins the template against the browser that runs the app.
func TestChromiumAcceptsRebuiltSDP(t *testing.T) {
	path, err := exec.LookPath("chromium")
	if err != nil {
		t.Skip("chromium is not installed (.ci/run installs it): the SDP template is not checked against a browser")
	}
	page, _ := filepath.Abs("testdata/chromium-rebuilt.html")
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path), chromedp.NoSandbox, chromedp.Flag("allow-loopback-in-peer-connection", true),
		chromedp.Flag("use-fake-ui-for-media-stream", true), chromedp.Flag("use-fake-device-for-media-stream", true),
		chromedp.Flag("disable-quic", true), chromedp.UserDataDir(t.TempDir()))
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancel()
	ctx, cancel2 := chromedp.NewContext(actx)
	defer cancel2()
	ctx, cancel3 := context.WithTimeout(ctx, 45*time.Second)
	defer cancel3()
	if _, err := chromedp.Run(ctx, chromedp.Navigate("file://"+page)); err != nil {
		t.Fatal(err)
	}
	offer, err := chromedp.Run(ctx, chromedp.Evaluate[string](`mkOffer()`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	c, err := ParseSDP(offer, false)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Candidates) == 0 {
		t.Fatalf("Chromium gathered no candidates:\n%s", offer)
	}
	ans, err := chromedp.Run(ctx, chromedp.Evaluate[string](fmt.Sprintf("answerRemote(%q)", c.SDP()), chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("Chromium refused the rebuilt offer: %v", err)
	}
	a, err := ParseSDP(ans, true)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[string](fmt.Sprintf("acceptAnswer(%q)", a.SDP()), chromedp.EvalAwaitPromise)); err != nil {
		t.Fatalf("Chromium refused the rebuilt answer: %v", err)
	}
	for i := 0; i < 100; i++ {
		got, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`got`))
		if got == "hello from 1" {
			oc, _ := c.Encode()
			t.Logf("Chromium offer: %d candidates, code %d chars", len(c.Candidates), len(oc))
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatal("no message over the data channel built from rebuilt SDPs")
}
