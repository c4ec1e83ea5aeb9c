-- Arrays whose elements are tuples.
-- ==
def pairs : [3](i32, u8) = [(1, 'a'), (2, 'b'), (3, 'c')]
def firsts = map (.0) pairs
def seconds : [3]u8 = map (\(_, c) -> c) pairs
