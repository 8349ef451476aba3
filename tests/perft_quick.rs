use shashki::{perft::perft, Position};
#[test]
fn quick() {
    let p = Position::start();
    let v: Vec<u64> = (1..=8).map(|d| perft(&p, d)).collect();
    assert_eq!(v, vec![7, 49, 302, 1469, 7482, 37986, 190146, 929899]);
}
