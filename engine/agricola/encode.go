package agricola

import (
	"encoding/json"
	"strconv"

	"tabula/engine/agricola/farmyard"
)

// EncodeCanonical writes the state's encoding by hand
// (engine.CanonicalEncoder): exactly the bytes encoding/json writes for
// State's exported fields and tags (a test compares the two through whole
// games of every kind), without its reflection, since a state is hashed
// after every entry logged and twice at the end of every simulated game.
// The rare parts (sealed play's hands, cards' counters) are left to
// encoding/json. A field added to State or to what it holds must be added
// here too; the test fails until it is.
func (s *State) EncodeCanonical() ([]byte, error) {
	e := canon{b: make([]byte, 0, 1280+704*len(s.Seats))} // a game's encoding fits, up to its end
	e.raw(`{"players":`)
	e.int(s.Players)
	e.raw(`,"family":`)
	e.bool(s.Family)
	if s.Draft {
		e.raw(`,"draft":true`)
	}
	e.raw(`,"round":`)
	e.int(s.Round)
	e.raw(`,"start":`)
	e.int(int(s.Start))
	e.raw(`,"turn":`)
	e.int(int(s.Turn))
	if s.Harvest {
		e.raw(`,"harvest":true`)
	}
	if s.Over {
		e.raw(`,"over":true`)
	}
	e.raw(`,"board":`)
	e.nullable(s.Board == nil, len(s.Board), func(i int) {
		sp := &s.Board[i]
		e.raw(`{"id":`)
		e.str(sp.ID)
		e.raw(`,"goods":`)
		e.goods(&sp.Goods)
		if len(sp.People) > 0 {
			e.raw(`,"people":`)
			e.each(len(sp.People), func(j int) { e.int(int(sp.People[j])) })
		}
		e.raw(`}`)
	})
	e.raw(`,"stages":`)
	e.each(len(s.Stages), func(i int) { e.strs(s.Stages[i]) })
	e.raw(`,"rounds":[`)
	for i := range s.Rounds {
		r := &s.Rounds[i]
		e.comma(i)
		e.raw(`{`)
		sep := ""
		if r.Card != "" {
			e.raw(`"card":`)
			e.str(r.Card)
			sep = ","
		}
		if len(r.Goods) > 0 {
			e.raw(sep + `"goods":[`)
			for j := range r.Goods {
				d := &r.Goods[j]
				e.comma(j)
				e.raw(`{"seat":`)
				e.int(int(d.Seat))
				e.raw(`,"goods":`)
				e.goods(&d.Goods)
				e.raw(`,"via":`)
				e.str(d.Via)
				e.raw(`}`)
			}
			e.raw(`]`)
		}
		e.raw(`}`)
	}
	e.raw(`],"seats":`)
	e.nullable(s.Seats == nil, len(s.Seats), func(i int) { e.player(&s.Seats[i]) })
	e.raw(`,"stack":`)
	e.nullable(s.Stack == nil, len(s.Stack), func(i int) { e.frame(&s.Stack[i]) })
	if len(s.Winners) > 0 {
		e.raw(`,"winners":`)
		e.each(len(s.Winners), func(i int) { e.int(int(s.Winners[i])) })
	}
	if s.Sealed != nil {
		e.raw(`,"sealed":`)
		e.json(s.Sealed)
	}
	e.raw(`}`)
	return e.b, e.err
}

// canon is the buffer EncodeCanonical writes to, with the first error of
// the parts left to encoding/json.
type canon struct {
	b   []byte
	err error
}

func (e *canon) raw(s string) { e.b = append(e.b, s...) }

func (e *canon) int(v int) { e.b = strconv.AppendInt(e.b, int64(v), 10) }

func (e *canon) bool(v bool) { e.b = strconv.AppendBool(e.b, v) }

// comma separates the i-th element of a list from the one before.
func (e *canon) comma(i int) {
	if i > 0 {
		e.b = append(e.b, ',')
	}
}

// str writes v quoted: as it is when no byte needs escaping (the ids and
// names of the game), else as encoding/json escapes it.
func (e *canon) str(v string) {
	for i := 0; i < len(v); i++ {
		if c := v[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			e.json(v)
			return
		}
	}
	e.b = append(e.b, '"')
	e.b = append(e.b, v...)
	e.b = append(e.b, '"')
}

// strs writes a list of strings (null when nil).
func (e *canon) strs(vs []string) { e.nullable(vs == nil, len(vs), func(i int) { e.str(vs[i]) }) }

// nullable is each, or null for a nil slice.
func (e *canon) nullable(isNil bool, n int, put func(i int)) {
	if isNil {
		e.raw(`null`)
		return
	}
	e.each(n, put)
}

// each writes a list of n elements, the i-th by put(i).
func (e *canon) each(n int, put func(i int)) {
	e.raw(`[`)
	for i := range n {
		e.comma(i)
		put(i)
	}
	e.raw(`]`)
}

// json writes v as encoding/json does.
func (e *canon) json(v any) {
	b, err := json.Marshal(v)
	if err != nil && e.err == nil {
		e.err = err
	}
	e.b = append(e.b, b...)
}

func (e *canon) goods(g *Goods) { e.each(len(g), func(i int) { e.int(g[i]) }) }

func (e *canon) crop(c Crop) {
	e.raw(`{`)
	if c.Kind != 0 {
		e.raw(`"k":`)
		e.int(int(c.Kind))
	}
	if c.N != 0 {
		if c.Kind != 0 {
			e.raw(`,`)
		}
		e.raw(`"n":`)
		e.int(c.N)
	}
	e.raw(`}`)
}

func (e *canon) yard(y *farmyard.Yard) {
	e.raw(`{"rooms":`)
	e.int(int(y.Rooms))
	e.raw(`,"fields":`)
	e.int(int(y.Fields))
	e.raw(`,"stables":`)
	e.int(int(y.Stables))
	e.raw(`,"fences":`)
	e.b = strconv.AppendUint(e.b, uint64(y.Fences), 10)
	e.raw(`}`)
}

// list writes `,"name":` and the strings when there are any (omitempty).
func (e *canon) list(name string, vs []string) {
	if len(vs) > 0 {
		e.raw(`,"` + name + `":`)
		e.strs(vs)
	}
}

// num writes `,"name":` and v when it is not 0 (omitempty).
func (e *canon) num(name string, v int) {
	if v != 0 {
		e.raw(`,"` + name + `":`)
		e.int(v)
	}
}

func (e *canon) player(p *Player) {
	e.raw(`{"goods":`)
	e.goods(&p.Goods)
	e.raw(`,"house":`)
	e.int(int(p.House))
	e.raw(`,"yard":`)
	e.yard(&p.Yard)
	e.raw(`,"crops":`)
	e.each(len(p.Crops), func(i int) { e.crop(p.Crops[i]) })
	e.raw(`,"people":`)
	e.int(p.People)
	e.num("newborns", p.Newborns)
	e.num("placed", p.Placed)
	e.num("begging", p.Begging)
	e.list("cards", p.Cards)
	e.list("hand", p.Hand)
	e.list("packet", p.Packet)
	if len(p.CardFields) > 0 {
		e.raw(`,"cardFields":[`)
		for i, cf := range p.CardFields {
			e.comma(i)
			e.raw(`{"card":`)
			e.str(cf.Card)
			e.num("only", int(cf.Only))
			e.raw(`,"crop":`)
			e.crop(cf.Crop)
			e.raw(`}`)
		}
		e.raw(`]`)
	}
	e.list("used", p.Used)
	if len(p.Ext) > 0 {
		e.raw(`,"ext":`)
		e.json(p.Ext) // keys sorted, as encoding/json sorts them
	}
	e.raw(`}`)
}

func (e *canon) frame(f *Frame) {
	e.raw(`{"kind":`)
	e.str(f.Kind)
	e.raw(`,"seat":`)
	e.int(int(f.Seat))
	if f.Via != "" {
		e.raw(`,"via":`)
		e.str(f.Via)
	}
	e.num("ops", int(f.Ops))
	e.num("once", int(f.Once))
	e.num("done", int(f.Done))
	if f.One {
		e.raw(`,"one":true`)
	}
	if f.Need {
		e.raw(`,"need":true`)
	}
	if len(f.Choices) > 0 {
		e.raw(`,"choices":`)
		e.each(len(f.Choices), func(i int) { e.goods(&f.Choices[i]) })
	}
	e.num("n", f.N)
	if f.Item != "" {
		e.raw(`,"item":`)
		e.str(f.Item)
	}
	e.raw(`}`)
}
