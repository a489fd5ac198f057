//! The one CSV reader, for a user's file and the digits asset alike: a
//! header row of names, then rows of cells. It accepts what spreadsheets
//! write (a byte-order mark, CRLF line ends, `,` `;` or tab separators,
//! quoted fields with `""` for a quote, leading `#` comment lines) and
//! refuses anything else with a message that names the line and column.
//! Each column is kept as numbers while every cell is one, else as text.

use std::fmt;

/// The page's limits (the command line has none but memory).
pub const MAX_ROWS: usize = 50_000;
pub const MAX_COLUMNS: usize = 1_000;
/// The largest magnitude a cell may hold: each column is standardised
/// (its values squared), and beyond about 1e154 a square overflows.
pub const MAX_MAGNITUDE: f64 = 1e150;

/// A parsed file: its columns in order, every one `rows` long.
#[derive(Clone, Debug, PartialEq)]
pub struct Table {
    pub columns: Vec<Column>,
    pub rows: usize,
    /// The separator found in the header.
    pub separator: char,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Column {
    pub name: String,
    pub cells: Cells,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Cells {
    /// Every cell a finite number.
    Numbers(Vec<f64>),
    /// Some cell is not a number: the raw text of every cell, and where
    /// the first such cell is (its line in the file, its text).
    Text {
        cells: Vec<String>,
        first: (usize, String),
    },
}

impl Cells {
    pub fn is_numeric(&self) -> bool {
        matches!(self, Cells::Numbers(_))
    }
}

/// What is wrong with a file, with where (1-based lines as an editor
/// numbers them, the header's line included).
#[derive(Clone, Debug, PartialEq)]
pub enum CsvError {
    Empty,
    NoRows,
    EmptyName {
        column: usize,
    },
    DuplicateName {
        name: String,
    },
    Ragged {
        line: usize,
        found: usize,
        expected: usize,
    },
    UnclosedQuote {
        line: usize,
    },
    TooMany {
        rows: usize,
        columns: usize,
    },
    TooLarge {
        line: usize,
        column: String,
        cell: String,
    },
}

impl fmt::Display for CsvError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CsvError::Empty => write!(f, "the file is empty: it needs a header row of column names, then rows of values"),
            CsvError::NoRows => write!(f, "the file has a header but no rows of values"),
            CsvError::EmptyName { column } => write!(f, "column {column} of the header has no name"),
            CsvError::DuplicateName { name } => write!(f, "two columns of the header are both named “{name}”"),
            CsvError::Ragged { line, found, expected } => write!(
                f,
                "line {line} has {found} field{}, the header has {expected}",
                if *found == 1 { "" } else { "s" }
            ),
            CsvError::UnclosedQuote { line } => write!(f, "line {line} opens a quoted field that never closes"),
            CsvError::TooMany { rows, columns } => write!(
                f,
                "the file has {rows} rows × {columns} columns; the page takes at most {MAX_ROWS} rows × {MAX_COLUMNS} columns (the command line has no limit)"
            ),
            CsvError::TooLarge { line, column, cell } => write!(
                f,
                "line {line}, column “{column}”: {cell} is too large: numbers must lie within ±{MAX_MAGNITUDE:e} (each column is standardised, which squares its values, and beyond about 1e154 a square overflows)"
            ),
        }
    }
}

impl std::error::Error for CsvError {}

/// A record: its fields and the line it starts on.
struct Record {
    line: usize,
    fields: Vec<String>,
}

/// Splits `text` into records: quotes may hold separators, quotes (`""`)
/// and line breaks; blank lines are skipped.
fn records(text: &str, sep: char, first_line: usize) -> Result<Vec<Record>, CsvError> {
    let mut out = Vec::new();
    let (mut fields, mut field) = (Vec::new(), String::new());
    let (mut line, mut start) = (first_line, first_line);
    let (mut quoted, mut was_quoted) = (false, false);
    let mut chars = text.chars().peekable();
    let mut end_record = |fields: &mut Vec<String>, field: &mut String, was_quoted: bool, start| {
        let blank = fields.is_empty() && field.trim().is_empty() && !was_quoted;
        if !blank {
            fields.push(std::mem::take(field));
            out.push(Record {
                line: start,
                fields: std::mem::take(fields),
            });
        }
        field.clear();
    };
    while let Some(c) = chars.next() {
        if quoted {
            match c {
                '"' if chars.peek() == Some(&'"') => {
                    chars.next();
                    field.push('"');
                }
                '"' => quoted = false,
                '\n' => {
                    line += 1;
                    field.push('\n');
                }
                '\r' => {}
                _ => field.push(c),
            }
            continue;
        }
        match c {
            '"' if field.trim().is_empty() => {
                field.clear();
                quoted = true;
                was_quoted = true;
            }
            '\r' => {}
            '\n' => {
                end_record(&mut fields, &mut field, was_quoted, start);
                was_quoted = false;
                line += 1;
                start = line;
            }
            c if c == sep => {
                fields.push(std::mem::take(&mut field));
                was_quoted = false;
            }
            _ => field.push(c),
        }
    }
    if quoted {
        return Err(CsvError::UnclosedQuote { line: start });
    }
    end_record(&mut fields, &mut field, was_quoted, start);
    Ok(out)
}

/// The separator of a header line: the most frequent of `,` `;` tab
/// outside quotes (`,` when there is none: a one-column file).
fn separator(header: &str) -> char {
    let mut quoted = false;
    let mut count = [0usize; 3];
    for c in header.chars() {
        match c {
            '"' => quoted = !quoted,
            ',' if !quoted => count[0] += 1,
            ';' if !quoted => count[1] += 1,
            '\t' if !quoted => count[2] += 1,
            _ => {}
        }
    }
    let best = (0..3).max_by_key(|&i| (count[i], 3 - i)).unwrap_or(0);
    if count[best] == 0 {
        ','
    } else {
        [',', ';', '\t'][best]
    }
}

/// A cell as a number: decimal with `.` (or `,` as the decimal mark when
/// the separator is `;`), surrounding spaces ignored; `None` for anything
/// else, NaN and infinities included.
pub fn number(cell: &str, sep: char) -> Option<f64> {
    read(cell, sep).filter(|v| v.is_finite())
}

/// A cell as Rust reads a number, with `number`'s decimal mark: infinite
/// where the written number is beyond f64 (1e400), and the words "inf"
/// and "NaN" read too.
fn read(cell: &str, sep: char) -> Option<f64> {
    let s = cell.trim();
    if sep == ';' && s.contains(',') && !s.contains('.') {
        s.replace(',', ".").parse().ok()
    } else {
        s.parse().ok()
    }
}

/// Whether a cell is written as a number beyond `MAX_MAGNITUDE` (1e400,
/// which reads as infinity, included; the words "inf" and "NaN" are text).
fn too_large(cell: &str, sep: char) -> bool {
    cell.bytes().any(|b| b.is_ascii_digit())
        && read(cell, sep).is_some_and(|v| v.abs() > MAX_MAGNITUDE)
}

/// Parses a whole file. `limit`: enforce the page's `MAX_ROWS` ×
/// `MAX_COLUMNS`.
pub fn parse(text: &str, limit: bool) -> Result<Table, CsvError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    // leading comment lines (the digits file's credit) and blank lines
    let mut skipped = 0;
    let mut rest = text;
    loop {
        let (line, after) = rest.split_once('\n').unwrap_or((rest, ""));
        let t = line.trim();
        if !(t.starts_with('#') || t.is_empty()) || rest.is_empty() {
            break;
        }
        skipped += 1;
        rest = after;
    }
    if rest.trim().is_empty() {
        return Err(CsvError::Empty);
    }
    let sep = separator(rest.split('\n').next().unwrap_or(""));
    let mut recs = records(rest, sep, skipped + 1)?.into_iter();
    let header = recs.next().ok_or(CsvError::Empty)?;
    let names: Vec<String> = header.fields.iter().map(|n| n.trim().to_string()).collect();
    for (i, n) in names.iter().enumerate() {
        if n.is_empty() {
            return Err(CsvError::EmptyName { column: i + 1 });
        }
        if names[..i].contains(n) {
            return Err(CsvError::DuplicateName { name: n.clone() });
        }
    }
    let width = names.len();
    let mut columns: Vec<Cells> = (0..width).map(|_| Cells::Numbers(Vec::new())).collect();
    let mut rows = 0;
    for r in recs {
        if r.fields.len() != width {
            return Err(CsvError::Ragged {
                line: r.line,
                found: r.fields.len(),
                expected: width,
            });
        }
        rows += 1;
        if limit && (rows > MAX_ROWS || width > MAX_COLUMNS) {
            return Err(CsvError::TooMany {
                rows: rows.max(count_rows(rest)),
                columns: width,
            });
        }
        for ((col, cell), name) in columns.iter_mut().zip(r.fields).zip(&names) {
            push(col, cell, sep, r.line).map_err(|cell| CsvError::TooLarge {
                line: r.line,
                column: name.clone(),
                cell,
            })?;
        }
    }
    if rows == 0 {
        return Err(CsvError::NoRows);
    }
    Ok(Table {
        columns: names
            .into_iter()
            .zip(columns)
            .map(|(name, cells)| Column { name, cells })
            .collect(),
        rows,
        separator: sep,
    })
}

/// About how many rows a text has (its non-blank lines less the header),
/// for the message on a file over the limit.
fn count_rows(text: &str) -> usize {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .count()
        .saturating_sub(1)
}

/// Adds a cell to its column; a numeric column turns to text at its first
/// cell that is not a number. `Err(cell)`: a number too large to
/// standardise, in a column still numeric (a text column keeps it as text).
fn push(col: &mut Cells, cell: String, sep: char, line: usize) -> Result<(), String> {
    match col {
        Cells::Numbers(v) => match number(&cell, sep) {
            Some(x) if x.abs() > MAX_MAGNITUDE => return Err(cell.trim().to_string()),
            Some(x) => v.push(x),
            None if too_large(&cell, sep) => return Err(cell.trim().to_string()),
            None => {
                // the column turns to text: keep every cell's words
                let mut cells: Vec<String> = v.iter().map(|x| x.to_string()).collect();
                let first = (line, cell.trim().to_string());
                cells.push(cell.trim().to_string());
                *col = Cells::Text { cells, first };
            }
        },
        Cells::Text { cells, .. } => cells.push(cell.trim().to_string()),
    }
    Ok(())
}
