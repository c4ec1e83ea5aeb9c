-- Array sizes in abbreviations: named by a size parameter, or left
-- anonymous in a size-lifted (`type~`) abbreviation.
type samples [n] = {rate: f32, data: [n]f32}
type~ any_samples = {rate: f32, data: []f32}

def total [n] (s: samples [n]) = f32.sum s.data

def rate (s: any_samples) = s.rate

def forget [n] (s: samples [n]) : any_samples = s
