//! A small JSON reader for the objects the page passes in (a move, search
//! options, the editor's pieces), as `JSON.stringify` wrote them. Written
//! here instead of `serde_json`'s deserializer, whose error messages link
//! core's float printer: together about 7 KB of the gzipped wasm module
//! (docs/performance.md). Output still goes through `serde_json::to_string`.
//!
//! Linear in its input, nesting at most [`MAX_DEPTH`] deep. Numbers are
//! read as `f64`, exactly for integers up to 2^53 (the only numbers the
//! shapes here need exactly: depths, node counts); a fraction is read to
//! within a few units in the last place.

/// The deepest nesting accepted (the shapes here need 3).
pub const MAX_DEPTH: usize = 16;

/// A JSON value.
#[derive(Clone, Debug, PartialEq)]
pub enum Json {
    Null,
    Bool(bool),
    Num(f64),
    Str(String),
    Arr(Vec<Json>),
    /// Members in the order of the text.
    Obj(Vec<(String, Json)>),
}

/// Reads one JSON value, the whole of `text` (white space around it).
pub fn parse(text: &str) -> Result<Json, String> {
    let mut r = Reader {
        s: text.as_bytes(),
        i: 0,
    };
    let v = r.value(0)?;
    r.space();
    if r.i != r.s.len() {
        return Err(r.err("trailing characters"));
    }
    Ok(v)
}

struct Reader<'a> {
    s: &'a [u8],
    i: usize,
}

impl Reader<'_> {
    fn err(&self, what: &str) -> String {
        format!("{what} at byte {}", self.i)
    }

    fn space(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.s.get(self.i) {
            self.i += 1;
        }
    }

    fn eat(&mut self, b: u8) -> bool {
        if self.s.get(self.i) == Some(&b) {
            self.i += 1;
            true
        } else {
            false
        }
    }

    fn word(&mut self, w: &str, v: Json) -> Result<Json, String> {
        if self.s[self.i..].starts_with(w.as_bytes()) {
            self.i += w.len();
            Ok(v)
        } else {
            Err(self.err("unexpected character"))
        }
    }

    fn value(&mut self, depth: usize) -> Result<Json, String> {
        if depth > MAX_DEPTH {
            return Err(self.err("nested too deep"));
        }
        self.space();
        match self.s.get(self.i) {
            None => Err(self.err("unexpected end")),
            Some(b'n') => self.word("null", Json::Null),
            Some(b't') => self.word("true", Json::Bool(true)),
            Some(b'f') => self.word("false", Json::Bool(false)),
            Some(b'"') => self.string().map(Json::Str),
            Some(b'[') => {
                self.i += 1;
                let mut items = Vec::new();
                self.space();
                if self.eat(b']') {
                    return Ok(Json::Arr(items));
                }
                loop {
                    items.push(self.value(depth + 1)?);
                    self.space();
                    if self.eat(b']') {
                        return Ok(Json::Arr(items));
                    }
                    if !self.eat(b',') {
                        return Err(self.err("expected , or ]"));
                    }
                }
            }
            Some(b'{') => {
                self.i += 1;
                let mut members = Vec::new();
                self.space();
                if self.eat(b'}') {
                    return Ok(Json::Obj(members));
                }
                loop {
                    self.space();
                    if self.s.get(self.i) != Some(&b'"') {
                        return Err(self.err("expected a member name"));
                    }
                    let key = self.string()?;
                    self.space();
                    if !self.eat(b':') {
                        return Err(self.err("expected :"));
                    }
                    members.push((key, self.value(depth + 1)?));
                    self.space();
                    if self.eat(b'}') {
                        return Ok(Json::Obj(members));
                    }
                    if !self.eat(b',') {
                        return Err(self.err("expected , or }"));
                    }
                }
            }
            Some(b'-' | b'0'..=b'9') => self.number().map(Json::Num),
            Some(_) => Err(self.err("unexpected character")),
        }
    }

    /// Four hex digits of a `\u` escape.
    fn hex4(&mut self) -> Result<u32, String> {
        let digits = self
            .s
            .get(self.i..self.i + 4)
            .ok_or_else(|| self.err("short \\u escape"))?;
        let mut v = 0;
        for &d in digits {
            let x = (d as char)
                .to_digit(16)
                .ok_or_else(|| self.err("bad \\u escape"))?;
            v = v * 16 + x;
        }
        self.i += 4;
        Ok(v)
    }

    fn string(&mut self) -> Result<String, String> {
        self.i += 1; // the opening quote
        let mut out = String::new();
        loop {
            let start = self.i;
            while let Some(&b) = self.s.get(self.i) {
                if b == b'"' || b == b'\\' || b < 0x20 {
                    break;
                }
                self.i += 1;
            }
            // The input is a &str and the run stops only at ASCII bytes, so
            // it is whole UTF-8.
            out.push_str(
                std::str::from_utf8(&self.s[start..self.i]).map_err(|_| self.err("bad UTF-8"))?,
            );
            match self.s.get(self.i) {
                None => return Err(self.err("unterminated string")),
                Some(b'"') => {
                    self.i += 1;
                    return Ok(out);
                }
                Some(b'\\') => {
                    self.i += 1;
                    let e = *self
                        .s
                        .get(self.i)
                        .ok_or_else(|| self.err("unterminated string"))?;
                    self.i += 1;
                    let c = match e {
                        b'"' => '"',
                        b'\\' => '\\',
                        b'/' => '/',
                        b'b' => '\u{8}',
                        b'f' => '\u{c}',
                        b'n' => '\n',
                        b'r' => '\r',
                        b't' => '\t',
                        b'u' => {
                            let hi = self.hex4()?;
                            let code = if (0xD800..0xDC00).contains(&hi) {
                                if !(self.eat(b'\\') && self.eat(b'u')) {
                                    return Err(self.err("lone surrogate"));
                                }
                                let lo = self.hex4()?;
                                if !(0xDC00..0xE000).contains(&lo) {
                                    return Err(self.err("lone surrogate"));
                                }
                                0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00)
                            } else {
                                hi
                            };
                            char::from_u32(code).ok_or_else(|| self.err("lone surrogate"))?
                        }
                        _ => return Err(self.err("bad escape")),
                    };
                    out.push(c);
                }
                Some(_) => return Err(self.err("control character in a string")),
            }
        }
    }

    /// A JSON number: `-? int frac? exp?`, as f64 (see the module docs).
    fn number(&mut self) -> Result<f64, String> {
        let negative = self.eat(b'-');
        let (mut mantissa, mut exp) = (0u64, 0i32);
        let digit = |d: u8, scale: i32, mantissa: &mut u64, exp: &mut i32| {
            // 19 significant digits fit a u64; further ones only scale.
            if *mantissa < 1_000_000_000_000_000_000 {
                *mantissa = *mantissa * 10 + u64::from(d - b'0');
                *exp -= scale;
            } else {
                *exp += 1 - scale;
            }
        };
        match self.s.get(self.i) {
            Some(b'0') => self.i += 1,
            Some(b'1'..=b'9') => {
                while let Some(&d @ b'0'..=b'9') = self.s.get(self.i) {
                    digit(d, 0, &mut mantissa, &mut exp);
                    self.i += 1;
                }
            }
            _ => return Err(self.err("bad number")),
        }
        if self.eat(b'.') {
            let before = self.i;
            while let Some(&d @ b'0'..=b'9') = self.s.get(self.i) {
                digit(d, 1, &mut mantissa, &mut exp);
                self.i += 1;
            }
            if self.i == before {
                return Err(self.err("bad number"));
            }
        }
        if let Some(b'e' | b'E') = self.s.get(self.i) {
            self.i += 1;
            let minus = self.eat(b'-');
            if !minus {
                self.eat(b'+');
            }
            let before = self.i;
            let mut e: i32 = 0;
            while let Some(&d @ b'0'..=b'9') = self.s.get(self.i) {
                e = e.saturating_mul(10).saturating_add(i32::from(d - b'0'));
                self.i += 1;
            }
            if self.i == before {
                return Err(self.err("bad number"));
            }
            exp = exp.saturating_add(if minus { -e } else { e });
        }
        // Exact when the mantissa and 10^|exp| are exact doubles (integers,
        // and most short decimals); the division keeps 0.1 as close as 1/10.
        let m = mantissa as f64;
        let v = if mantissa == 0 {
            0.0
        } else if exp >= 0 {
            m * 10f64.powi(exp.min(400))
        } else {
            m / 10f64.powi((-exp).min(400))
        };
        Ok(if negative { -v } else { v })
    }
}

impl Json {
    /// A short word for the kind of value, for messages.
    pub fn kind(&self) -> &'static str {
        match self {
            Json::Null => "null",
            Json::Bool(_) => "a boolean",
            Json::Num(_) => "a number",
            Json::Str(_) => "a string",
            Json::Arr(_) => "an array",
            Json::Obj(_) => "an object",
        }
    }
}

/// The members of an object with the names in `fields` (each at most once,
/// `null` counting as absent), refusing any other member: `out[k]` is the
/// value of `fields[k]`.
pub fn members<'a>(
    v: &'a Json,
    what: &str,
    fields: &[&str],
) -> Result<Vec<Option<&'a Json>>, String> {
    let Json::Obj(list) = v else {
        return Err(format!("{what} must be an object, not {}", v.kind()));
    };
    let mut out = vec![None; fields.len()];
    for (name, value) in list {
        let k = fields.iter().position(|f| f == name).ok_or_else(|| {
            format!(
                "unknown field `{name}` in {what}, expected one of {}",
                fields.join(", ")
            )
        })?;
        if out[k].is_some() {
            return Err(format!("duplicate field `{name}` in {what}"));
        }
        if *value != Json::Null {
            out[k] = Some(value);
        }
    }
    Ok(out)
}

/// A string member.
pub fn string(v: Option<&Json>, name: &str) -> Result<Option<String>, String> {
    match v {
        None => Ok(None),
        Some(Json::Str(s)) => Ok(Some(s.clone())),
        Some(other) => Err(format!("`{name}` must be a string, not {}", other.kind())),
    }
}

/// An array-of-strings member.
pub fn strings(v: Option<&Json>, name: &str) -> Result<Option<Vec<String>>, String> {
    match v {
        None => Ok(None),
        Some(Json::Arr(items)) => items
            .iter()
            .map(|x| match x {
                Json::Str(s) => Ok(s.clone()),
                other => Err(format!("`{name}` must hold strings, not {}", other.kind())),
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Some),
        Some(other) => Err(format!(
            "`{name}` must be an array of strings, not {}",
            other.kind()
        )),
    }
}

/// A boolean member.
pub fn boolean(v: Option<&Json>, name: &str) -> Result<Option<bool>, String> {
    match v {
        None => Ok(None),
        Some(Json::Bool(b)) => Ok(Some(*b)),
        Some(other) => Err(format!("`{name}` must be a boolean, not {}", other.kind())),
    }
}

/// A number member.
pub fn number(v: Option<&Json>, name: &str) -> Result<Option<f64>, String> {
    match v {
        None => Ok(None),
        Some(Json::Num(n)) => Ok(Some(*n)),
        Some(other) => Err(format!("`{name}` must be a number, not {}", other.kind())),
    }
}

/// A whole-number member that fits a `u32`.
pub fn uint(v: Option<&Json>, name: &str) -> Result<Option<u32>, String> {
    match number(v, name)? {
        None => Ok(None),
        Some(n) if n.fract() == 0.0 && (0.0..=u32::MAX as f64).contains(&n) => Ok(Some(n as u32)),
        Some(_) => Err(format!("`{name}` must be a whole number")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_what_json_stringify_writes() {
        let v = parse(r#" {"a":[1,-2.5,3e2,0.1,1E-2,-0],"b":"x\"\\\/\n\u00e9\ud83d\ude00","c":true,"d":null,"e":{}} "#)
            .unwrap();
        let Json::Obj(m) = &v else { panic!("{v:?}") };
        assert_eq!(
            m[0].1,
            Json::Arr(vec![
                Json::Num(1.0),
                Json::Num(-2.5),
                Json::Num(300.0),
                Json::Num(0.1),
                Json::Num(0.01),
                Json::Num(-0.0),
            ])
        );
        assert_eq!(m[1].1, Json::Str("x\"\\/\né😀".into()));
        assert_eq!(m[2].1, Json::Bool(true));
        assert_eq!(m[3].1, Json::Null);
        assert_eq!(m[4].1, Json::Obj(vec![]));
        assert_eq!(parse("[]").unwrap(), Json::Arr(vec![]));
        assert_eq!(parse("\"\"").unwrap(), Json::Str(String::new()));
        // Integers are exact up to 2^53; long and large numbers scale.
        assert_eq!(
            parse("9007199254740993").unwrap(),
            Json::Num(9007199254740992.0)
        );
        assert_eq!(parse("1000000000000").unwrap(), Json::Num(1e12));
        let Json::Num(big) = parse("123456789012345678901234").unwrap() else {
            panic!()
        };
        assert!(
            (big / 1.234_567_890_123_456_8e23 - 1.0).abs() < 1e-15,
            "{big}"
        );
        assert_eq!(parse("1e999").unwrap(), Json::Num(f64::INFINITY));
        assert_eq!(parse("1e-999").unwrap(), Json::Num(0.0));
        assert_eq!(parse("600000").unwrap(), Json::Num(600000.0));
        assert_eq!(parse("150.5").unwrap(), Json::Num(150.5));
    }

    #[test]
    fn refuses_what_is_not_json() {
        for bad in [
            "",
            " ",
            "{",
            "}",
            "[1,]",
            "[,1]",
            "{\"a\"}",
            "{\"a\":}",
            "{a:1}",
            "{\"a\":1,}",
            "01",
            "1.",
            ".5",
            "-",
            "1e",
            "+1",
            "tru",
            "nul",
            "\"abc",
            "\"\\x\"",
            "\"\\u12\"",
            "\"\\ud800\"",
            "\"\\udc00\"",
            "\"a\nb\"",
            "[1] 2",
            "NaN",
            "Infinity",
            "'a'",
        ] {
            assert!(parse(bad).is_err(), "{bad:?}");
        }
        let deep = "[".repeat(MAX_DEPTH + 2) + &"]".repeat(MAX_DEPTH + 2);
        assert!(parse(&deep).unwrap_err().contains("deep"));
        let ok = "[".repeat(MAX_DEPTH) + &"]".repeat(MAX_DEPTH);
        assert!(parse(&ok).is_ok());
        // Linear: a long flat array reads at once.
        let long = format!("[{}1]", "1,".repeat(200_000));
        assert!(parse(&long).is_ok());
    }

    #[test]
    fn members_are_named_and_typed() {
        let v = parse(r#"{"from":"c3","to":null,"path":["c3","d4"],"n":3}"#).unwrap();
        let m = members(&v, "a move", &["from", "to", "path", "n"]).unwrap();
        assert_eq!(string(m[0], "from").unwrap(), Some("c3".into()));
        assert_eq!(string(m[1], "to").unwrap(), None);
        assert_eq!(
            strings(m[2], "path").unwrap(),
            Some(vec!["c3".into(), "d4".into()])
        );
        assert_eq!(uint(m[3], "n").unwrap(), Some(3));
        assert!(string(m[3], "n").unwrap_err().contains("must be a string"));
        assert!(strings(m[0], "from").is_err());
        assert!(boolean(m[0], "from").is_err());
        let e = members(&v, "a move", &["from", "to", "path"]).unwrap_err();
        assert!(e.contains("unknown field `n`"), "{e}");
        let dup = parse(r#"{"a":1,"a":2}"#).unwrap();
        assert!(members(&dup, "x", &["a"])
            .unwrap_err()
            .contains("duplicate"));
        assert!(members(&Json::Arr(vec![]), "x", &["a"])
            .unwrap_err()
            .contains("an array"));
        let f = parse(r#"{"d":2.5,"e":-1,"g":5e9}"#).unwrap();
        let m = members(&f, "x", &["d", "e", "g"]).unwrap();
        for &x in &m {
            assert!(uint(x, "k").is_err());
        }
        assert_eq!(number(m[0], "d").unwrap(), Some(2.5));
    }
}
