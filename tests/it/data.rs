//! The one CSV reader and the dataset checks (`lab::data::{csv,
//! dataset, registry}`): what spreadsheets write reads the same; every bad
//! file gets a message that names its line and column, and leaves what was
//! registered as it was.

use creditflow::lab::data::csv::{parse, Cells, CsvError, MAX_ROWS};
use creditflow::lab::data::dataset::{Dataset, Kind, Scaling, Target};
use creditflow::lab::data::registry::{fingerprint, get, load_file};

fn numbers(text: &str, col: usize) -> Vec<f64> {
    match &parse(text, true).unwrap().columns[col].cells {
        Cells::Numbers(v) => v.clone(),
        other => panic!("not numbers: {other:?}"),
    }
}

fn error(text: &str, targets: &[&str], kind: Option<Kind>) -> String {
    let t: Vec<String> = targets.iter().map(|s| s.to_string()).collect();
    load_file(text, &t, kind, true)
        .expect_err("a bad file")
        .to_string()
}

/// 60 rows (the fewest a task takes): x, y = 2x, and a label.
fn good(sep: &str, eol: &str) -> String {
    let mut s = format!("x{sep}y{sep}label{eol}");
    for i in 0..60 {
        s += &format!(
            "{i}{sep}{}{sep}{}{eol}",
            2 * i,
            if i % 2 == 0 { "even" } else { "odd" }
        );
    }
    s
}

#[test]
fn what_spreadsheets_write_reads_the_same() {
    let plain = good(",", "\n");
    let want = numbers(&plain, 1);
    assert_eq!(want.len(), 60);
    // a byte-order mark and CRLF line ends
    assert_eq!(numbers(&format!("\u{feff}{}", good(",", "\r\n")), 1), want);
    // semicolons, and tabs
    assert_eq!(numbers(&good(";", "\n"), 1), want);
    assert_eq!(numbers(&good("\t", "\n"), 1), want);
    // decimal commas under `;`
    let t = parse("a;b\n1,5;2\n2,25;3\n", false).unwrap();
    assert_eq!(t.columns[0].cells, Cells::Numbers(vec![1.5, 2.25]));
    // quoted fields: separators, doubled quotes and a line break inside
    let t = parse(
        "name,v\n\"Smith, J.\",1\n\"say \"\"hi\"\"\",2\n\"two\nlines\",3\n",
        false,
    )
    .unwrap();
    match &t.columns[0].cells {
        Cells::Text { cells, .. } => assert_eq!(cells, &["Smith, J.", "say \"hi\"", "two\nlines"]),
        c => panic!("{c:?}"),
    }
    assert_eq!(t.columns[1].cells, Cells::Numbers(vec![1.0, 2.0, 3.0]));
    // leading comment lines and blank lines are skipped
    let t = parse("# credit\n\na,b\n1,2\n\n3,4\n", false).unwrap();
    assert_eq!(t.rows, 2);
}

#[test]
fn every_bad_file_is_named_by_line_and_column() {
    let cases: Vec<(String, Vec<&str>, &str)> = vec![
        ("".into(), vec!["y"], "the file is empty"),
        ("\u{feff}\r\n  \n".into(), vec!["y"], "the file is empty"),
        ("x,y\n".into(), vec!["y"], "no rows"),
        (
            {
                let mut s = good(",", "\n");
                s += "1,2\n";
                s
            },
            vec!["y"],
            "line 62 has 2 fields, the header has 3",
        ),
        (
            good(",", "\n").replacen("\n4,8,", "\n4,eight,", 1),
            vec!["label"],
            "line 6, column “y”: “eight” is not a number",
        ),
        (
            good(",", "\n"),
            vec!["z"],
            "there is no column “z”; the columns are “x”, “y”, “label”",
        ),
        (
            good(",", "\n")
                .replace(",even", ",same")
                .replace(",odd", ",same"),
            vec!["label"],
            "one class only (“same”)",
        ),
        (
            {
                let mut s = "x,y\n".to_string();
                for i in 0..60 {
                    s += &format!("{i},5\n");
                }
                s
            },
            vec!["y"],
            "the same value on every row",
        ),
        (
            "x,y\n1,\"open\n".into(),
            vec!["y"],
            "line 2 opens a quoted field that never closes",
        ),
        ("x,x\n1,2\n".into(), vec!["x"], "both named “x”"),
        (
            "x,,y\n1,2,3\n".into(),
            vec!["y"],
            "column 2 of the header has no name",
        ),
        ("x,y\n1,2\n2,3\n".into(), vec!["y"], "2 rows are too few"),
        (good(",", "\n"), vec!["y", "label"], "“label” holds labels"),
        (
            good(",", "\n"),
            vec!["x", "y", "label"],
            "at least one must be left as an input",
        ),
        (
            good(",", "\n").replacen("\n3,6,", "\n3,NaN,", 1),
            vec!["label"],
            "“NaN” is not a number",
        ),
    ];
    for (text, targets, want) in cases {
        let e = error(&text, &targets, None);
        assert!(e.contains(want), "{want:?} not in {e:?}");
    }
    // a label column cannot be a regression target
    let e = error(&good(",", "\n"), &["label"], Some(Kind::Regression));
    assert!(
        e.contains("line 2, column “label”: “even” is not a number"),
        "{e}"
    );
}

#[test]
fn the_pages_limit_is_enforced_with_a_message() {
    let mut s = String::from("x,y\n");
    for i in 0..=MAX_ROWS {
        s += &format!("{i},{}\n", i % 7);
    }
    match parse(&s, true) {
        Err(e @ CsvError::TooMany { .. }) => {
            assert!(e.to_string().contains("at most 50000 rows"), "{e}")
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        parse(&s, false).unwrap().rows,
        MAX_ROWS + 1,
        "the command line has no limit"
    );
}

#[test]
fn a_number_too_large_to_standardise_is_refused_with_its_place() {
    // 1e308 is finite but its square is not; 1e400 reads as infinity
    for (cell, sep) in [
        ("1e308", ','),
        ("-2.5e200", ','),
        ("1e400", ','),
        ("1,5e200", ';'),
    ] {
        let text = format!("a{sep}y\n1{sep}2\n{cell}{sep}3\n");
        match parse(&text, true) {
            Err(e @ CsvError::TooLarge { .. }) => {
                let e = e.to_string();
                assert!(
                    e.starts_with(&format!("line 3, column “a”: {cell} is too large")),
                    "{e}"
                );
            }
            other => panic!("{cell}: {other:?}"),
        }
    }
    // the largest allowed, and the words for infinity and NaN (text, as before)
    assert!(parse("a,y\n1e150,2\n-1e150,3\n", true).is_ok());
    for word in ["inf", "NaN", "infinity"] {
        let t = parse(&format!("a,y\n1,2\n{word},3\n"), true).unwrap();
        assert!(!t.columns[0].cells.is_numeric(), "{word}");
    }
    // a column already text (labels) keeps such a cell as a word
    let t = parse("a,y\ncat,2\n1e400,3\n", true).unwrap();
    assert!(!t.columns[0].cells.is_numeric());
}

#[test]
fn the_target_kind_is_detected_and_can_be_overridden() {
    let t = parse(&good(",", "\n"), false).unwrap();
    // labels: classification, classes in sorted order
    let d = Dataset::from_table(&t, &["label".into()], None, Scaling::Standardise).unwrap();
    match &d.target {
        Target::Classes {
            classes, labels, ..
        } => {
            assert_eq!(classes, &["even", "odd"]);
            assert_eq!(&labels[..4], &[0, 1, 0, 1]);
        }
        t => panic!("{t:?}"),
    }
    assert_eq!(d.inputs, vec!["x", "y"]);
    let t = parse(
        &good(",", "\n")
            .replace(",even", "")
            .replace(",odd", "")
            .replace(",label", ""),
        false,
    )
    .unwrap();
    let of = |target: &str, kind| {
        Dataset::from_table(&t, &[target.to_string()], kind, Scaling::Standardise).unwrap()
    };
    // 60 distinct whole numbers: more than 20, so a regression
    assert_eq!(of("y", None).kind(), Kind::Regression);
    // unless the user says otherwise
    assert_eq!(of("y", Some(Kind::Classification)).outputs(), 60);
    // few whole numbers: labels, sorted as numbers (2 before 10)
    let t = parse(
        &(0..60).fold("a,c\n".to_string(), |s, i| {
            s + &format!("{i},{}\n", [2, 10, 3][i % 3])
        }),
        false,
    )
    .unwrap();
    let d = Dataset::from_table(&t, &["c".into()], None, Scaling::Standardise).unwrap();
    match &d.target {
        Target::Classes { classes, .. } => assert_eq!(classes, &["2", "3", "10"]),
        t => panic!("{t:?}"),
    }
}

#[test]
fn a_bad_file_leaves_what_was_registered() {
    let text = good(",", "\n");
    let (data, ds) = load_file(&text, &["label".into()], None, true).unwrap();
    assert!(data.classifies());
    assert_eq!(ds.rows(), 60);
    let bad = text.replacen("\n4,8,", "\n4,eight,", 1);
    assert!(load_file(&bad, &["label".into()], None, true).is_err());
    assert_eq!(get(data).unwrap(), ds, "the good file is still there");
    let never = creditflow::lab::data::Data::File {
        id: fingerprint(&bad, &["label".into()], None),
        classify: true,
    };
    assert!(get(never).is_err(), "nothing registered for the bad one");
    // the fingerprint depends on the target and the kind too
    assert_ne!(
        fingerprint(&text, &["label".into()], None),
        fingerprint(&text, &["y".into()], None)
    );
    assert_ne!(
        fingerprint(&text, &["y".into()], None),
        fingerprint(&text, &["y".into()], Some(Kind::Regression))
    );
}
