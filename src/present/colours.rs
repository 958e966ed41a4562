//! The colours a table may name for its markers and tokens, in one list: how each shows on a
//! terminal (a 256-colour code) and how light it is on the printed sheet (its red, green and
//! blue), so that the roster and the sheet never disagree about which names are colours.

/// A colour's names and its two renderings.
struct Colour {
    names: &'static [&'static str],
    /// The terminal's 256-colour code. Black shows dark grey, to be seen on a dark terminal.
    ansi: u8,
    /// Red, green and blue, as CSS has them.
    rgb: (u8, u8, u8),
}

const COLOURS: &[Colour] = &[
    Colour {
        names: &["black"],
        ansi: 240,
        rgb: (0, 0, 0),
    },
    Colour {
        names: &["white"],
        ansi: 255,
        rgb: (255, 255, 255),
    },
    Colour {
        names: &["grey", "gray"],
        ansi: 245,
        rgb: (128, 128, 128),
    },
    Colour {
        names: &["silver", "lightgrey", "lightgray"],
        ansi: 250,
        rgb: (200, 200, 200),
    },
    Colour {
        names: &["red"],
        ansi: 196,
        rgb: (255, 0, 0),
    },
    Colour {
        names: &["maroon", "darkred"],
        ansi: 88,
        rgb: (128, 0, 0),
    },
    Colour {
        names: &["green"],
        ansi: 34,
        rgb: (0, 128, 0),
    },
    Colour {
        names: &["lime"],
        ansi: 46,
        rgb: (0, 255, 0),
    },
    Colour {
        names: &["blue"],
        ansi: 33,
        rgb: (0, 0, 255),
    },
    Colour {
        names: &["navy", "darkblue"],
        ansi: 18,
        rgb: (0, 0, 128),
    },
    Colour {
        names: &["yellow"],
        ansi: 226,
        rgb: (255, 255, 0),
    },
    Colour {
        names: &["orange"],
        ansi: 208,
        rgb: (255, 165, 0),
    },
    Colour {
        names: &["purple"],
        ansi: 129,
        rgb: (128, 0, 128),
    },
    Colour {
        names: &["violet"],
        ansi: 129,
        rgb: (238, 160, 200),
    },
    Colour {
        names: &["pink"],
        ansi: 201,
        rgb: (238, 160, 200),
    },
    Colour {
        names: &["brown"],
        ansi: 130,
        rgb: (165, 42, 42),
    },
    Colour {
        names: &["cyan", "aqua"],
        ansi: 51,
        rgb: (0, 255, 255),
    },
    Colour {
        names: &["magenta", "fuchsia"],
        ansi: 201,
        rgb: (255, 0, 255),
    },
    Colour {
        names: &["teal"],
        ansi: 30,
        rgb: (0, 128, 128),
    },
    Colour {
        names: &["olive"],
        ansi: 100,
        rgb: (128, 128, 0),
    },
    Colour {
        names: &["tan", "beige", "ivory", "cream"],
        ansi: 180,
        rgb: (230, 210, 170),
    },
];

fn named(name: &str) -> Option<&'static Colour> {
    COLOURS
        .iter()
        .find(|c| c.names.iter().any(|n| n.eq_ignore_ascii_case(name)))
}

/// The terminal's 256-colour code for a colour's name, if it is one of the list.
pub fn ansi(name: &str) -> Option<u8> {
    named(name).map(|c| c.ansi)
}

/// Red, green and blue of a colour's name, if it is one of the list.
pub fn rgb(name: &str) -> Option<(u8, u8, u8)> {
    named(name).map(|c| c.rgb)
}

#[cfg(test)]
mod tests {
    use super::{COLOURS, ansi, rgb};

    #[test]
    fn every_name_is_listed_once_and_found_in_any_case() {
        let mut names: Vec<&str> = COLOURS
            .iter()
            .flat_map(|c| c.names.iter().copied())
            .collect();
        let all = names.len();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), all, "a name listed twice");
        assert_eq!(ansi("Red"), Some(196));
        assert_eq!(rgb("GREY"), Some((128, 128, 128)));
        assert_eq!(ansi("chartreuse"), None);
    }
}
