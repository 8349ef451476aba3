//! The engine's four data files: the pattern table (`patterns.bin`, see
//! [`super::patterns`]), the patterns with kings (`kpatterns.bin`, see
//! [`super::kpatterns`]), the network (`net.bin`, see [`super::net`]) and
//! the opening book (`book.txt`, see [`super::book`]).
//!
//! Natively (the CLI, the native tests) all are compiled in and always
//! present. The WebAssembly module leaves them out, to stay small
//! (docs/performance.md): the site ships them as `engine/patterns.bin`,
//! `engine/kpatterns.bin`, `engine/net.bin` and `engine/book.txt`, the
//! Workers fetch them once and hand them over with [`set_patterns`],
//! [`set_kpatterns`], [`set_net`] and [`set_book`] before their first
//! search. Until then, or when a file is refused, the engine plays without
//! it (no pattern term; no network; no book move), exactly as
//! `patterns=0`, `kpatterns=0`, `net=0` and an empty book do natively.
//!
//! Only the very files the crate was compiled with are accepted: their
//! lengths and CRC-32s are computed at compile time from the same files
//! ([`PATTERNS_CRC32`], [`BOOK_CRC32`]), so a browser with the data loaded
//! plays exactly as the native build does.

use super::egtb::format::{crc32, crc32_fast};

/// Bytes of the shipped pattern table.
pub const PATTERNS_LEN: usize = super::patterns::STORED * super::patterns::SIZE;
/// CRC-32 of the shipped pattern table (computed when the crate is compiled).
pub const PATTERNS_CRC32: u32 = crc32(include_bytes!("patterns.bin"));
/// Bytes of the shipped patterns with kings.
pub const KPATTERNS_LEN: usize = super::kpatterns::LEN;
/// CRC-32 of the shipped patterns with kings.
pub const KPATTERNS_CRC32: u32 = crc32(include_bytes!("kpatterns.bin"));
/// Bytes of the shipped network.
pub const NET_LEN: usize = super::net::LEN;
/// CRC-32 of the shipped network.
pub const NET_CRC32: u32 = crc32(include_bytes!("net.bin"));
/// Bytes of the shipped opening book.
pub const BOOK_LEN: usize = include_str!("book.txt").len();
/// CRC-32 of the shipped opening book's text (UTF-8).
pub const BOOK_CRC32: u32 = crc32(include_str!("book.txt").as_bytes());

/// A table handed over at run time in the browser, kept once set (one
/// type for both pattern tables, so their code is shared in the module).
#[cfg(target_arch = "wasm32")]
pub(crate) struct Installed(std::sync::OnceLock<Box<[u8]>>);

#[cfg(target_arch = "wasm32")]
impl Installed {
    pub(crate) const fn new() -> Self {
        Self(std::sync::OnceLock::new())
    }

    /// The table, once set with `N` bytes.
    #[inline]
    pub(crate) fn get<const N: usize>(&'static self) -> Option<&'static [u8; N]> {
        self.0.get().and_then(|b| (&**b).try_into().ok())
    }

    /// Keeps a copy of (checked) `bytes`; a second call changes nothing.
    fn set(&self, bytes: &[u8]) {
        let _ = self.0.set(bytes.into());
    }
}

/// Why a data file was refused. Nothing changes when one is: the engine
/// plays on without it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DataError {
    /// Not the length of the shipped file.
    Length { expected: usize, found: usize },
    /// The right length but other contents (damaged, or another version).
    Checksum { expected: u32, found: u32 },
}

impl DataError {
    /// A stable word for programs: `length` or `checksum`.
    pub fn code(&self) -> &'static str {
        match self {
            DataError::Length { .. } => "length",
            DataError::Checksum { .. } => "checksum",
        }
    }
}

impl std::fmt::Display for DataError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DataError::Length { expected, found } => {
                write!(f, "{found} bytes, expected {expected}")
            }
            DataError::Checksum { expected, found } => write!(
                f,
                "checksum {found:08x}, expected {expected:08x}: damaged or from another version"
            ),
        }
    }
}

impl std::error::Error for DataError {}

/// Checks `bytes` against the length and CRC-32 of a shipped file.
fn check(bytes: &[u8], len: usize, crc: u32) -> Result<(), DataError> {
    if bytes.len() != len {
        return Err(DataError::Length {
            expected: len,
            found: bytes.len(),
        });
    }
    let found = crc32_fast(bytes);
    if found != crc {
        return Err(DataError::Checksum {
            expected: crc,
            found,
        });
    }
    Ok(())
}

/// Checks the pattern table's bytes (natively, where the table is compiled
/// in, that is all it does). Setting it again is harmless.
pub fn set_patterns(bytes: &[u8]) -> Result<(), DataError> {
    check(bytes, PATTERNS_LEN, PATTERNS_CRC32)?;
    #[cfg(target_arch = "wasm32")]
    super::patterns::INSTALLED.set(bytes);
    Ok(())
}

/// Checks the patterns with kings (natively, where they are compiled in,
/// that is all it does). Setting them again is harmless.
pub fn set_kpatterns(bytes: &[u8]) -> Result<(), DataError> {
    check(bytes, KPATTERNS_LEN, KPATTERNS_CRC32)?;
    #[cfg(target_arch = "wasm32")]
    super::kpatterns::INSTALLED.set(bytes);
    Ok(())
}

/// Checks the network's weights (natively, where they are compiled in,
/// that is all it does) and installs them. Setting them again is harmless.
pub fn set_net(bytes: &[u8]) -> Result<(), DataError> {
    check(bytes, NET_LEN, NET_CRC32)?;
    #[cfg(target_arch = "wasm32")]
    if let Ok(b) = bytes.try_into() {
        super::net::install(b);
    }
    Ok(())
}

/// Checks the opening book's text and installs it (natively only checks
/// it, the book being compiled in). Setting it again is harmless.
pub fn set_book(text: &str) -> Result<(), DataError> {
    check(text.as_bytes(), BOOK_LEN, BOOK_CRC32)?;
    #[cfg(target_arch = "wasm32")]
    super::book::install(text);
    Ok(())
}

/// Is the pattern table there (always, natively)?
pub fn has_patterns() -> bool {
    super::patterns::table().is_some()
}

/// Are the patterns with kings there (always, natively)?
pub fn has_kpatterns() -> bool {
    super::kpatterns::table().is_some()
}

/// Is the network there (always, natively)?
pub fn has_net() -> bool {
    super::net::weights().is_some()
}

/// Is the opening book there (always, natively)?
pub fn has_book() -> bool {
    super::book::shipped().is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_files_are_accepted() {
        assert_eq!(set_patterns(include_bytes!("patterns.bin")), Ok(()));
        assert_eq!(set_kpatterns(include_bytes!("kpatterns.bin")), Ok(()));
        assert_eq!(set_book(include_str!("book.txt")), Ok(()));
        // Twice is harmless.
        assert_eq!(set_book(include_str!("book.txt")), Ok(()));
        assert!(has_patterns() && has_kpatterns() && has_book());
        // The compile-time checksum is the run-time one.
        assert_eq!(crc32(include_bytes!("patterns.bin")), PATTERNS_CRC32);
        assert_eq!(PATTERNS_LEN, 32_805);
        assert_eq!(KPATTERNS_LEN, 236_196);
    }

    #[test]
    fn other_bytes_are_refused() {
        let good = include_bytes!("patterns.bin");
        let e = set_patterns(&good[1..]).unwrap_err();
        assert_eq!(
            e,
            DataError::Length {
                expected: 32_805,
                found: 32_804
            }
        );
        assert_eq!(e.code(), "length");
        let mut bad = good.to_vec();
        bad[100] ^= 1;
        let e = set_patterns(&bad).unwrap_err();
        assert_eq!(e.code(), "checksum");
        assert!(e.to_string().contains("another version"), "{e}");
        // The patterns with kings are not the pattern table, nor it them.
        let kings = include_bytes!("kpatterns.bin");
        assert_eq!(set_kpatterns(good).unwrap_err().code(), "length");
        assert_eq!(
            set_patterns(&kings[..PATTERNS_LEN]).unwrap_err().code(),
            "checksum"
        );
        let mut bad = kings.to_vec();
        bad[KPATTERNS_LEN - 1] ^= 0x80;
        assert_eq!(set_kpatterns(&bad).unwrap_err().code(), "checksum");
        let net = include_bytes!("net.bin");
        assert_eq!(set_net(&net[2..]).unwrap_err().code(), "length");
        let mut bad = net.to_vec();
        bad[NET_LEN / 2] ^= 1;
        assert_eq!(set_net(&bad).unwrap_err().code(), "checksum");
        let mut book = include_str!("book.txt").to_string();
        book.pop();
        assert_eq!(set_book(&book).unwrap_err().code(), "length");
        book.push(' ');
        assert_eq!(set_book(&book).unwrap_err().code(), "checksum");
        assert_eq!(set_book("").unwrap_err().code(), "length");
    }

    #[test]
    fn crc32_is_the_standard_one() {
        // The check value of CRC-32/ISO-HDLC.
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
        assert_eq!(crc32(b""), 0);
        // The run-time sum agrees with it on every length and alignment
        // around its eight-byte step, and on the shipped tables' files.
        let data: Vec<u8> = (0..4099u32)
            .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
            .collect();
        for start in 0..9 {
            for end in (start..data.len()).step_by(97).chain([data.len()]) {
                assert_eq!(crc32_fast(&data[start..end]), crc32(&data[start..end]));
            }
        }
        assert_eq!(crc32_fast(b"123456789"), 0xCBF4_3926);
        assert_eq!(crc32_fast(include_bytes!("patterns.bin")), PATTERNS_CRC32);
    }
}
