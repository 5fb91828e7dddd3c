package e2e

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// installChromium says how to get the browser the dashboard's tests drive.
const installChromium = "the dashboard's browser tests need Chromium: install it with `apt-get install -y chromium` (Debian; .ci/run does)"

// Chromium finds the system's Chromium; "" when there is none.
func Chromium() string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	return ""
}

// NeedChromium finds the system's Chromium for a test that cannot go on without it. In CI (CI set) a missing
// browser fails the test, so that a browser test is never skipped there unnoticed; elsewhere the test is skipped
// with how to install it.
func NeedChromium(t testing.TB) string {
	t.Helper()
	path := Chromium()
	if path == "" {
		if os.Getenv("CI") != "" {
			t.Fatal(installChromium)
		}
		t.Skip(installChromium)
	}
	return path
}

// Browser starts a headless Chromium at path with a window of width × height and returns its context, ended
// after within or by cancel.
func Browser(path string, width, height int, within time.Duration) (context.Context, context.CancelFunc) {
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path), chromedp.NoSandbox, chromedp.DisableGPU, chromedp.WindowSize(width, height))...)
	ctx, cancelCtx := chromedp.NewContext(alloc)
	ctx, cancel := context.WithTimeout(ctx, within)
	return ctx, func() {
		cancel()
		cancelCtx()
		cancelAlloc()
	}
}

// Screenshot saves a screenshot of the browser's page as a test artifact, name.png in riddlestone-artifacts
// under the system's temporary folder (kept after the test), and copies it to the file the environment variable
// copyTo names, when that is set. A page that cannot be shot is logged, not failed: the screenshot is for people.
func Screenshot(t testing.TB, ctx context.Context, name, copyTo string) {
	t.Helper()
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Logf("screenshot: %v", err)
		return
	}
	dir := filepath.Join(os.TempDir(), "riddlestone-artifacts")
	path := filepath.Join(dir, name+".png")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s", path)
	if to := os.Getenv(copyTo); copyTo != "" && to != "" {
		if err := os.WriteFile(to, png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
