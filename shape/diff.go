package shape

// sniffDiff reports whether sample looks like diff output.
// TODO(issue): recognise diff output; until then nothing is taken for it.
func sniffDiff(sample []byte) (bool, string) {
	return false, ""
}
