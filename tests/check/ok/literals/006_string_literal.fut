-- String literals are arrays of u8.
-- ==
def greeting : []u8 = "hello"
def first_byte = greeting[0]
def three : [3]u8 = "abc"
def n = length "futhark"
