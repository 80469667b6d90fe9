package netplay

import "errors"

// canTakeover: the protocol's co-signed bot takeover of an away seat is
// not in this build yet; the button shows once it is.
const canTakeover = false

func takeover(se *Session, seat int) error {
	return errors.New("bot takeover is not available in this version")
}
