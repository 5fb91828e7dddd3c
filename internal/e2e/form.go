package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/sandertv/gophertunnel/minecraft/protocol/packet"
)

// Form is a form the server sent, as a client reads it.
type Form struct {
	// ID is the form's ID, to answer it with.
	ID uint32
	// Type is "modal", "form" (a menu of buttons) or "custom_form".
	Type string
	// Title and Body are the form's title and text.
	Title, Body string
	// Buttons are the texts of a menu's buttons, or a modal's two buttons (yes first), in order.
	Buttons []string
	// Packet is the packet itself, for custom forms.
	Packet *packet.ModalFormRequest
}

// ParseForm reads a form request.
func ParseForm(pk *packet.ModalFormRequest) (Form, error) {
	var raw struct {
		Type     string `json:"type"`
		Title    string `json:"title"`
		Content  any    `json:"content"`
		Button1  string `json:"button1"`
		Button2  string `json:"button2"`
		Elements []struct {
			Type string `json:"type"`
			Text string `json:"text"`
		} `json:"elements"`
	}
	if err := json.Unmarshal(pk.FormData, &raw); err != nil {
		return Form{}, fmt.Errorf("form %d: %w", pk.FormID, err)
	}
	f := Form{ID: pk.FormID, Type: raw.Type, Title: raw.Title, Packet: pk}
	if body, ok := raw.Content.(string); ok {
		f.Body = body
	}
	switch raw.Type {
	case "modal":
		f.Buttons = []string{raw.Button1, raw.Button2}
	case "form":
		for _, e := range raw.Elements {
			if e.Type == "button" || e.Type == "" {
				f.Buttons = append(f.Buttons, e.Text)
			}
		}
	}
	return f, nil
}

// Button returns the index of the first button whose text starts with prefix, or -1.
func (f Form) Button(prefix string) int {
	for i, b := range f.Buttons {
		if strings.HasPrefix(b, prefix) {
			return i
		}
	}
	return -1
}

// AwaitForm waits for a form sent after mark (see Mark) and reads it.
func (b *Bot) AwaitForm(ctx context.Context, mark int) (Form, error) {
	pk, err := Await[*packet.ModalFormRequest](ctx, b, mark, nil)
	if err != nil {
		return Form{}, err
	}
	return ParseForm(pk)
}

// Choose answers a modal or menu form with the first button whose text starts with prefix.
func (b *Bot) Choose(f Form, prefix string) error {
	i := f.Button(prefix)
	if i < 0 {
		return fmt.Errorf("form %q has no button %q: %q", f.Title, prefix, f.Buttons)
	}
	if f.Type == "modal" {
		return b.AnswerForm(f.ID, i == 0)
	}
	return b.AnswerForm(f.ID, i)
}
