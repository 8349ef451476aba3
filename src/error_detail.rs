//! Structured details of the text-reading errors (FEN, PDN, move notation):
//! a stable machine code and the facts it names (square, line, move number,
//! the offending text), so a page can word the error in the reader's
//! language. The English `Display` text of each error stays as it was; the
//! web pages word the detail from the code (www/i18n, key `detail.<code>`).

use serde::Serialize;

/// One error's detail: a camelCase `code` (one of [`ErrorDetail::CODES`]),
/// its `params`, and for an error inside another (a bad move or a bad FEN
/// tag inside a PDN game) the `inner` detail.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ErrorDetail {
    pub code: &'static str,
    pub params: DetailParams,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub inner: Option<Box<ErrorDetail>>,
}

/// The facts an [`ErrorDetail`] names; each present only when its code
/// names it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DetailParams {
    /// The 1-based number of the game in a PDN text.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game: Option<usize>,
    /// The 1-based line of a PDN text.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    /// The move number printed in the game.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub number: Option<u32>,
    /// A side (`white` or `black`): the mover, the owner of a list or pieces.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub side: Option<&'static str>,
    /// The offending text (a move, a field, a list entry, a result).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    /// A tag name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// A tag value or the `Result` tag's result.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
    /// The square the error is about.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub square: Option<String>,
    /// The squares a piece could go to.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub squares: Vec<String>,
    /// The moves an ambiguous text could be.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub moves: Vec<String>,
    /// A count (bytes, pieces).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub count: Option<usize>,
    /// The largest count allowed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limit: Option<usize>,
    /// For `illegalMove`: the reason code (notation::IllegalReason::CODES).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<&'static str>,
}

impl ErrorDetail {
    /// Every code a detail can carry.
    pub const CODES: [&'static str; 48] = [
        // FEN
        "fenEmpty",
        "fenTooLong",
        "fenUnclosedWrapper",
        "fenNotFenTag",
        "fenUnquoted",
        "fenSide",
        "fenField",
        "fenTwoLists",
        "fenEmptyEntry",
        "fenMissingList",
        "fenNotSquare",
        "fenLightSquare",
        "fenRange",
        "fenDuplicate",
        "positionBothColors",
        "positionKingOnEmpty",
        "positionManOnCrowningRank",
        "positionTooMany",
        "positionNoSide",
        // moves
        "notMove",
        "moveEmpty",
        "moveTooLong",
        "moveNotSquare",
        "moveLightSquare",
        "illegalMove",
        "ambiguousMove",
        "gameOver",
        "noDrawOffer",
        "drawAlreadyOffered",
        // PDN
        "pdnTooLarge",
        "pdnNoGame",
        "pdnCommentOpen",
        "pdnVariationOpen",
        "pdnStrayParen",
        "pdnStrayBrace",
        "pdnTagNoName",
        "pdnTagNameLong",
        "pdnTagUnquoted",
        "pdnTagValueOpen",
        "pdnTagValueLong",
        "pdnTagNotClosed",
        "pdnTagFen",
        "pdnTagGameType",
        "pdnTagResult",
        "pdnMove",
        "pdnResultMismatch",
        "pdnResultConflict",
        "pdnTooLong",
    ];

    /// A detail with no params.
    pub fn new(code: &'static str) -> ErrorDetail {
        ErrorDetail {
            code,
            ..ErrorDetail::default()
        }
    }

    /// A detail with these params.
    pub fn with(code: &'static str, params: DetailParams) -> ErrorDetail {
        ErrorDetail {
            code,
            params,
            inner: None,
        }
    }

    /// A text over its size limit: `count` against `limit`.
    pub fn too_long(code: &'static str, count: usize, limit: usize) -> ErrorDetail {
        ErrorDetail::with(
            code,
            DetailParams {
                count: Some(count),
                limit: Some(limit),
                ..DetailParams::default()
            },
        )
    }

    /// An error about one square named in `text`.
    pub fn at_square(code: &'static str, text: Option<String>, square: String) -> ErrorDetail {
        ErrorDetail::with(
            code,
            DetailParams {
                text,
                square: Some(square),
                ..DetailParams::default()
            },
        )
    }

    /// This detail wrapping `inner`.
    pub fn wrapping(mut self, inner: ErrorDetail) -> ErrorDetail {
        self.inner = Some(Box::new(inner));
        self
    }
}
