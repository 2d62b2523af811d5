module banmen

go 1.26.8
