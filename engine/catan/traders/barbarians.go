package traders

import (
	"tabula/engine"
	"tabula/engine/catan"
)

// Barbarians (orig "Варвары", "Если выпало «7»"): three on the paths, at
// most one per path; a 7 or a Knight moves one (and robs the owner of the
// road it lands on); a wagon from level 2 may drive one off.

// freePath reports whether a barbarian may be put on route r: a path with
// no barbarian.
func freePath(c *Caravans, r int) bool {
	return r >= 0 && r < NumRoutes && Board.IsPath[r] && c.barbarianOn(r) < 0
}

// moveBarbarian is the move of a 7 or a Knight: the barbarian on from goes
// to the free path to; on another player's road its owner is robbed of a
// random resource card (the base game's steal, which never takes gold), if
// it holds one. Then play resumes where the 7 or the Knight left it.
func moveBarbarian(s *catan.State, c *Caravans, p int, from, to int) error {
	b := c.barbarianOn(from)
	if b < 0 {
		return errNoBarbarian
	}
	if !freePath(c, to) {
		return engine.Illegal("path %d cannot take a barbarian", to)
	}
	c.Barbarian[b] = int8(to)
	s.Phase = s.Resume
	if v := int(s.Road[to]); v >= 0 && v != p {
		s.StealFrom(v) // nothing when v holds no card
	}
	return nil
}

// driveOffChance is the die request of a drive-off attempt.
var driveOffRequest = &engine.ChanceRequest{Kind: "drive-off", Ranges: []int{6}}

// canDriveOff reports why p's wagon may not try to drive off the
// barbarian on route r now: from level 2, standing at an end of its path,
// once per barbarian per turn, while the movement is not over. (Fixed
// errors: Legal asks for every path at the wagon.)
func canDriveOff(c *Caravans, p, r int) error {
	b := c.barbarianOn(r)
	switch {
	case b < 0:
		return errNoBarbarian
	case Wagon(int(c.Level[p])).DriveOff == 0:
		return errDriveOffLevel
	case c.Stopped:
		return errMovementOver
	case c.Tried[b]:
		return errTried
	case int(Board.Ends[r][0]) != int(c.Wagon[p]) && int(Board.Ends[r][1]) != int(c.Wagon[p]):
		return errNotAtBarbarian
	}
	return nil
}

var (
	errNoBarbarian    = engine.Illegal("no barbarian stands on that path")
	errDriveOffLevel  = engine.Illegal("a wagon drives barbarians off from level 2")
	errMovementOver   = engine.Illegal("the wagon's movement is over")
	errTried          = engine.Illegal("this barbarian was already tried this turn")
	errNotAtBarbarian = engine.Illegal("the wagon must stand at an end of the barbarian's path")
)

// driveOff starts an attempt: the die decides (driveOffRolled).
func driveOff(s *catan.State, c *Caravans, p, r int) error {
	if err := canDriveOff(c, p, r); err != nil {
		return err
	}
	beginMovement(s, c, p)
	b := c.barbarianOn(r)
	c.Tried[b] = true
	c.Driving = int8(b)
	s.Phase = PhaseDriveOff
	return nil
}

// driveOffRolled: a die in the wagon card's range drives the barbarian
// off (the player puts it elsewhere); otherwise it stays.
func driveOffRolled(s *catan.State, c *Caravans, die int) {
	c.Die = int8(die)
	if Wagon(int(c.Level[s.Active])).DrivesOff(die) {
		s.Phase = PhasePlaceBarbarian
		return
	}
	c.Driving = -1
	s.Phase = PhaseMove
}

// placeBarbarian puts the driven-off barbarian on another free path: no
// theft, even on a road (orig).
func placeBarbarian(s *catan.State, c *Caravans, r int) error {
	if !freePath(c, r) {
		return engine.Illegal("path %d cannot take a barbarian", r)
	}
	c.Barbarian[c.Driving] = int8(r)
	c.Driving = -1
	s.Phase = PhaseMove
	return nil
}
