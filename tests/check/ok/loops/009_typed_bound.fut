-- A for-loop bound of type i32 gives the counter type i32.
-- ==
def sum_to (n: i32) : i32 = loop acc = 0 for i < n do acc + i
def sum_u8 = loop acc = 0u8 for i < 10u8 do acc + i
