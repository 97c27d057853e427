//! Word and line statistics for text.

/// Counts of a text.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub lines: usize,
    pub words: usize,
    pub bytes: usize,
}

/// Computes statistics the way `wc` does.
pub fn stats(text: &str) -> Stats {
    Stats {
        lines: text.lines().count(),
        words: text.split_whitespace().count(),
        bytes: text.len(),
    }
}

/// Returns the most frequent word, lowercased; ties go to the first seen.
pub fn top_word(text: &str) -> Option<String> {
    let mut counts: Vec<(String, usize)> = Vec::new();
    for w in text.split_whitespace() {
        let w = w.trim_matches(|c: char| !c.is_alphanumeric()).to_lowercase();
        if w.is_empty() {
            continue;
        }
        match counts.iter_mut().find(|(k, _)| *k == w) {
            Some((_, n)) => *n += 1,
            None => counts.push((w, 1)),
        }
    }
    counts.into_iter().max_by_key(|(_, n)| *n).map(|(w, _)| w)
}

#[cfg(test)]
mod tests {
    use super::*;

    macro_rules! line_tests {
        ($($name:ident: $n:expr,)*) => {$(
            #[test]
            fn $name() {
                let text = "word\n".repeat($n);
                assert_eq!(stats(&text).lines, $n);
            }
        )*};
    }

    line_tests! {
        lines_0: 0, lines_1: 1, lines_2: 2, lines_3: 3, lines_5: 5, lines_8: 8,
        lines_13: 13, lines_21: 21, lines_34: 34, lines_55: 55, lines_89: 89,
        lines_144: 144, lines_233: 233, lines_377: 377, lines_610: 610,
    }

    #[test]
    fn counts_words_and_bytes() {
        let s = stats("the quick  brown\tfox\n");
        assert_eq!(s, Stats { lines: 1, words: 4, bytes: 21 });
    }

    #[test]
    fn trailing_line_without_newline() {
        assert_eq!(stats("a\nb").lines, 2);
    }

    #[test]
    fn top_word_ignores_punctuation() {
        assert_eq!(top_word("Go, go! GO? stop.").as_deref(), Some("go"));
    }

    #[test]
    fn top_word_tie_goes_to_first_seen() {
        let got = top_word("beta alpha alpha beta");
        assert_eq!(got.as_deref(), Some("beta"), "tie between alpha and beta must keep the first word seen");
    }

    #[test]
    fn empty_text_has_no_top_word() {
        assert_eq!(top_word("  ... "), None);
    }
}
