-- Mapping a field projection over an array of records.
-- ==
def people = [{age = 30i32, tall = true}, {age = 25, tall = false}]
def ages = map (.age) people
def tall_count = reduce (+) 0 (map (\p -> if p.tall then 1i32 else 0) people)
