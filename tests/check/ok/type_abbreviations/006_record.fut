-- A record type abbreviation.
-- ==
type person = {name: [4]u8, age: i32}
def bob : person = {name = "bob!", age = 42}
def older (p: person) : person = p with age = p.age + 1
