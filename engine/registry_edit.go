package engine

import "fmt"

// Move moves an engine by delta places in the list (the order the user sees: -1 is up one),
// stopping at either end. Like every change it is made on a fresh read of the file.
func (r *Registry) Move(id string, delta int) error {
	return r.Update(func(list []Definition) ([]Definition, error) {
		for i := range list {
			if list[i].ID != id {
				continue
			}
			j := min(max(i+delta, 0), len(list)-1)
			d := list[i]
			list = append(list[:i], list[i+1:]...)
			list = append(list[:j], append([]Definition{d}, list[j:]...)...)
			return list, nil
		}
		return list, fmt.Errorf("engine %s: %w", id, ErrNotFound)
	})
}
