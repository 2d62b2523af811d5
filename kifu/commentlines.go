package kifu

// commentLines gathers a node's comment as a reader meets its lines: adding each line to the
// comment string itself copied all of it for every line, so a comment of 40 000 lines took
// 13 s to read (and a 64 MB one never ended).
type commentLines struct {
	node *Node  // the node of the lines gathered
	buf  []byte // its comment so far
	open bool   // buf holds lines not yet set into node.Comment
}

// add adds a comment line to n: after the lines added to it just before, else after the
// comment n has.
func (c *commentLines) add(n *Node, text string) {
	if c.node != n {
		c.flush()
		c.node = n
		c.buf = append(c.buf[:0], n.Comment...)
		if n.Comment == "" {
			c.buf = append(c.buf, text...)
			c.open = true
			return
		}
	}
	c.buf = append(append(c.buf, '\n'), text...)
	c.open = true
}

// flush sets the lines gathered into their node's comment; the reader calls it before it
// looks at a comment and when it is done.
func (c *commentLines) flush() {
	if c.open {
		c.node.Comment = string(c.buf)
		c.open = false
	}
}

// statesFoul is statesFoul(n) once the lines gathered are in their node's comment.
func (c *commentLines) statesFoul(n *Node) bool {
	c.flush()
	return statesFoul(n)
}
