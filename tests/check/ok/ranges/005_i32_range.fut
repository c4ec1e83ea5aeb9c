-- Ranges of a narrower integer type.
-- ==
def small : []i32 = 0..<10
def bytes = 0u8..<16
