-- Arrays of records with a shared record type.
-- ==
type pt = {x: f32, y: f32}
def pts : []pt = [{x = 0, y = 1}, {x = 2, y = 3}]
def xs = map (\(p: pt) -> p.x) pts
