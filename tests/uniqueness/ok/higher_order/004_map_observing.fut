-- A `map` function observing a free array.
-- ==

def main (table: []f32) (is: []i64) : []f32 = map (\i -> table[i]) is
