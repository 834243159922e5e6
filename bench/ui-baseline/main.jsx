// The floor the cashier UI is measured against in `npm run bench:ui`: the least a React 19 +
// react-router 7 page needs to do the same three interactions (a tile opens a quantity dialog,
// Enter adds a cart row, Menu opens a dialog), built by the same Vite and served by the same server.
// Routed as the app is, with react-router's declarative mode (`BrowserRouter`, no data router).
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router';

function Sales() {
  const [rows, setRows] = useState([]);
  const [dialog, setDialog] = useState(null);
  const add = (event) => {
    event.preventDefault();
    setRows((current) => [...current, current.length + 1]);
    setDialog(null);
  };
  return (
    <main>
      <h1>Sales</h1>
      <table data-testid="cart">
        <tbody>
          {rows.map((row) => (
            <tr key={row} data-testid="cart-line">
              <td>Day Pass {row}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <button type="button" data-testid="tile" onClick={() => setDialog('quantity')}>
        Day Pass
      </button>
      <button type="button" onClick={() => setDialog('menu')}>
        Menu
      </button>
      <button type="button" onClick={() => setRows([])}>
        Clear all
      </button>
      {dialog === 'quantity' ? (
        <div role="dialog" aria-label="Quantity">
          <form onSubmit={add}>
            <input aria-label="Quantity" defaultValue="1" ref={(input) => input?.focus()} />
          </form>
        </div>
      ) : null}
      {dialog === 'menu' ? (
        <div role="dialog" aria-label="Menu">
          <button type="button" onClick={() => setDialog(null)}>
            Close
          </button>
        </div>
      ) : null}
    </main>
  );
}

createRoot(document.getElementById('root')).render(
  <StrictMode>
    <BrowserRouter>
      <Routes>
        <Route path="*" element={<Sales />} />
      </Routes>
    </BrowserRouter>
  </StrictMode>,
);
