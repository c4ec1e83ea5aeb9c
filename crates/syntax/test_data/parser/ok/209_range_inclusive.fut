-- Inclusive ranges with and without a step.
def one_to (n: i64) = 1...n
def evens (n: i64) = 0..2...n
def odds_upto (n: i64) = 1..3...n
def literal = 5...9
