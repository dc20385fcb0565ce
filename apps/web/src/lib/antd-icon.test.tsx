import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render } from '@testing-library/react';
import { HomeOutlined, LoadingOutlined } from '@ant-design/icons';
import HomeSvg from '@ant-design/icons-svg/es/asn/HomeOutlined';
import LoadingSvg from '@ant-design/icons-svg/es/asn/LoadingOutlined';
import { antdIcon } from './antd-icon';

// The build replaces every @ant-design/icons icon module with antdIcon(svg) (build/antd-icons.ts):
// it must render what the package's generated icon renders, for the same props.
describe('antdIcon', () => {
  it('renders the same markup as the package icon', () => {
    const Home = antdIcon(HomeSvg);
    const props = {
      className: 'menu-icon',
      rotate: 90,
      style: { color: 'red' },
      'aria-hidden': true,
    } as const;
    const ours = render(<Home {...props} />).container.innerHTML;
    const theirs = render(<HomeOutlined {...props} />).container.innerHTML;
    expect(ours).toContain('anticon-home');
    expect(ours).toBe(theirs);
    const Loading = antdIcon(LoadingSvg);
    expect(render(<Loading />).container.innerHTML).toBe(render(<LoadingOutlined />).container.innerHTML);
  });

  it('forwards the ref and the click handler to its span', () => {
    const Home = antdIcon(HomeSvg);
    const ref = createRef<HTMLSpanElement>();
    const onClick = vi.fn();
    const { container } = render(<Home ref={ref} onClick={onClick} />);
    const span = container.querySelector('span.anticon');
    expect(ref.current).toBe(span);
    expect(span?.getAttribute('tabindex')).toBe('-1');
    fireEvent.click(span!);
    expect(onClick).toHaveBeenCalledOnce();
  });
});
