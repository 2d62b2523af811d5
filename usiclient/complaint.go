package usiclient

import "strings"

// An engine says what went wrong as it gets ready only in an info string: YaneuraOu's
// "Error! : can't read file : book/standard_book.db", the bundled engine's "BookFile x: …:
// playing without a book". A search that follows at once replaces the session's message
// with its own, so such a complaint would be seen only in the protocol log; the session keeps
// the ones sent while no search runs (Snapshot.Notices) until the next isready.

// maxNotices is how many complaints a session keeps (the latest).
const maxNotices = 4

// complaintWords are what an info string that reports a problem says (matched in lower case).
var complaintWords = []string{
	"error", "fail", "can't", "cannot", "could not", "couldn't", "not found", "no such",
	"unable", "invalid", "missing", "without", "not enough", "warning", "unknown",
	"エラー", "失敗", "できません", "見つかりません", "ありません",
}

// IsComplaint reports whether an info string reports a problem (a file that cannot be
// read, an option refused, too little memory) rather than progress.
func IsComplaint(s string) bool {
	s = strings.ToLower(s)
	for _, w := range complaintWords {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}

// noteLocked keeps s among the notices when it is a complaint not kept already. s.mu is held.
func (s *Session) noteLocked(text string) {
	text = strings.TrimSpace(text)
	if !IsComplaint(text) {
		return
	}
	for _, n := range s.notices {
		if n == text {
			return
		}
	}
	if len(s.notices) == maxNotices {
		s.notices = append(s.notices[:0], s.notices[1:]...)
	}
	s.notices = append(s.notices, text)
}
