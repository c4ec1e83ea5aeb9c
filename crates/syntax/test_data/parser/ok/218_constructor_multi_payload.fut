-- Constructors with several payload values, and constructor payloads.
type cmd = #move i32 i32 | #say []u8 | #stop
type wrap = #outer cmd | #plain
def go : cmd = #move 3 (-4)
def talk : cmd = #say "hi"
def nested : wrap = #outer #stop
def nested_args : wrap = #outer (#move 1 2)
