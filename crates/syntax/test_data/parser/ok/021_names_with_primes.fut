-- Identifiers may contain and end with apostrophes.
def step (x: i32) = x + 1
def step' (x: i32) = step x * 2
def step'' x' = step' x' - 1
def a'b'c = step'' 3
