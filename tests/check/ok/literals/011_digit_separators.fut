-- Underscores inside decimal literals.
-- ==
def million = 1_000_000i64
def pi_ish = 3.141_592f64
def k : u32 = 1_024
