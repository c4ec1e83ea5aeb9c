-- String and character literals inside larger expressions.
def greet (name: []u8) = "hello " ++ name ++ "!"
def is_digit (c: u8) = c >= '0' && c <= '9'
def upper (c: u8) = if c >= 'a' && c <= 'z' then c - 'a' + 'A' else c
def words = ["one", "two"]
def first_char = ("xyz")[0]
