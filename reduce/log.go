package reduce

// newLog returns the log reducer, or nil while there is none.
// TODO(issue): the log reducer; until then log output is reduced as text.
func newLog(budget int) Reducer { return nil }
