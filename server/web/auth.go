package web

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"net/http"
	"strings"
	"unicode"
)

// constantTimeEqual compares two digests in time independent of their content. Secrets are hashed first, so
// every comparison is of two 32-byte digests and neither a secret's length nor a matching prefix shows in the
// time taken. Tests replace it to check that every action is checked this way.
var constantTimeEqual = subtle.ConstantTimeCompare

// Cookie names.
const (
	csrfCookie = "riddlestone_csrf"
	readCookie = "riddlestone_read"
)

// auth checks the secrets and CSRF tokens.
type auth struct {
	secret    [32]byte // digest of the admin secret
	hasSecret bool
	read      [32]byte // digest of the read secret
	hasRead   bool
	readToken string // the cookie that /login sets: a MAC of the read secret, so the cookie is not the secret
	guesses   *backoff
}

func newAuth(secret, read string) *auth {
	a := &auth{secret: sha256.Sum256([]byte(secret)), hasSecret: secret != "",
		read: sha256.Sum256([]byte(read)), hasRead: read != "", guesses: newBackoff()}
	if a.hasRead {
		m := hmac.New(sha256.New, []byte(read))
		m.Write([]byte("riddlestone dashboard read access"))
		a.readToken = hex.EncodeToString(m.Sum(nil))
	}
	return a
}

// equalSecret reports whether a given secret is the one whose digest is want, in constant time.
func equalSecret(given string, want [32]byte) bool {
	d := sha256.Sum256([]byte(given))
	return constantTimeEqual(d[:], want[:]) == 1
}

// equalToken compares two tokens in constant time, through their digests.
func equalToken(a, b string) bool {
	da, db := sha256.Sum256([]byte(a)), sha256.Sum256([]byte(b))
	return constantTimeEqual(da[:], db[:]) == 1 && a != ""
}

// adminOK reports whether a request carries the admin secret (form field "secret").
func (a *auth) adminOK(r *http.Request) bool {
	given := r.PostFormValue("secret")
	ok := equalSecret(given, a.secret) // compared even when actions are off, so that takes as long
	if !a.hasSecret {
		return false
	}
	return a.counted(r, ok)
}

// counted counts a secret tried by a request as right or wrong for its address's back-off, and returns ok.
func (a *auth) counted(r *http.Request, ok bool) bool {
	if ok {
		a.guesses.right(addressOf(r))
	} else {
		a.guesses.wrong(addressOf(r))
	}
	return ok
}

// canRead reports whether a request may read: no read secret is set, or it has the login cookie, or the secret
// as a bearer token (for Prometheus).
func (a *auth) canRead(r *http.Request) bool {
	if !a.hasRead {
		return true
	}
	if c, err := r.Cookie(readCookie); err == nil && equalToken(c.Value, a.readToken) {
		return true
	}
	if token, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer "); ok {
		return a.counted(r, equalSecret(token, a.read))
	}
	return false
}

// reading lets only readers through, but for the login page and the static files it needs.
func (a *auth) reading(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/login" || strings.HasPrefix(r.URL.Path, "/static/") || a.canRead(r) {
			next.ServeHTTP(w, r)
			return
		}
		if r.Method == http.MethodGet && (r.URL.Path == "/" || strings.HasPrefix(r.URL.Path, "/area/")) {
			http.Redirect(w, r, "/login", http.StatusSeeOther)
			return
		}
		http.Error(w, "this dashboard needs its read secret: log in at /login", http.StatusUnauthorized)
	})
}

// csrfToken returns the request's CSRF token, setting a new one as a cookie when it has none. Pages embed it,
// and scripts send it back with every action (double submit: a page of another site can neither read the
// cookie nor set the header).
func csrfToken(w http.ResponseWriter, r *http.Request) string {
	if c, err := r.Cookie(csrfCookie); err == nil && len(c.Value) == 64 && isHex(c.Value) {
		return c.Value
	}
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	token := hex.EncodeToString(b)
	http.SetCookie(w, &http.Cookie{Name: csrfCookie, Value: token, Path: "/", HttpOnly: true, SameSite: http.SameSiteStrictMode})
	return token
}

// csrfOK reports whether a POST carries its cookie's CSRF token in the X-CSRF-Token header or the csrf field.
func csrfOK(r *http.Request) bool {
	c, err := r.Cookie(csrfCookie)
	if err != nil {
		return false
	}
	sent := r.Header.Get("X-CSRF-Token")
	if sent == "" {
		sent = r.PostFormValue("csrf")
	}
	return equalToken(sent, c.Value)
}

func isHex(s string) bool {
	_, err := hex.DecodeString(s)
	return err == nil
}

// who names the admin behind a request, for the log: the name they gave (cleaned and cut short) and their
// address.
func who(r *http.Request) (name, from string) {
	name = strings.Map(func(c rune) rune {
		if unicode.IsLetter(c) || unicode.IsDigit(c) || strings.ContainsRune(" _-.@", c) {
			return c
		}
		return -1
	}, r.PostFormValue("admin"))
	name = strings.TrimSpace(name)
	if len(name) > 40 {
		name = name[:40]
	}
	if name == "" {
		name = "(unnamed)"
	}
	return name, r.RemoteAddr
}
