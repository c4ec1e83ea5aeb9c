-- Size-lifted type abbreviations may hide sizes.
type~ bytes = []u8
type~ ragged = ?[n].[n]i32
type~ labelled 'a = {label: []u8, value: a}
def hello : bytes = "hi"
