-- A range up to `k - 1` has `k - 1` elements, not `k`.
-- ==
-- error: Sizes "k" and "k - 1" do not match
def below (k: i64) : [k]i64 = 0..<(k - 1)
