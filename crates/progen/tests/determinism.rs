//! The same seed gives the same programs; different seeds differ.

#[test]
fn the_same_seed_gives_the_same_programs() {
    for seed in [0, 1, 42] {
        let first = progen::batch_source(&progen::generate_batch(seed, 0, 50, "e"));
        let second = progen::batch_source(&progen::generate_batch(seed, 0, 50, "e"));
        assert_eq!(first, second);
        assert_eq!(first.matches("\nentry e").count(), 50);
        assert_eq!(first.matches("auto output").count(), 50);
    }
}

#[test]
fn a_program_does_not_depend_on_its_batch() {
    let batch = progen::generate_batch(3, 10, 5, "e");
    let alone = progen::generate_batch(3, 12, 1, "e");
    assert_eq!(batch[2].source, alone[0].source);
    assert_eq!(batch[2].input, alone[0].input);
}

#[test]
fn seeds_differ() {
    let a = progen::batch_source(&progen::generate_batch(1, 0, 10, "e"));
    let b = progen::batch_source(&progen::generate_batch(2, 0, 10, "e"));
    assert_ne!(a, b);
}
