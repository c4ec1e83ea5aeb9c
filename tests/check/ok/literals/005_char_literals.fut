-- Character literals are integers and take their type from use.
-- ==
def a = 'a'
def b : u8 = 'z'
def c : i64 = 'A' + 1
def is_digit (x: u8) = x >= '0' && x <= '9'
