import { StaticImage } from "@/components/ui/static-image";
import type { MenuItemView } from "@/lib/menu/types";
import { AddToCart } from "@/components/shop/add-to-cart";
import { BowlDetails } from "@/components/shop/bowl-details";
import { DietMark } from "@/components/ui/diet-mark";
import { Panel } from "@/components/ui/panel";
import { MenuSlot } from "@/components/shop/menu-query";
import { FavouriteHeart } from "@/components/shop/favourite-heart";
import { HEART_PLACE, HeartIcon } from "@/components/shop/heart-icon";

/**
 * Site images go through Next's optimiser (SVGs are served as they are); admins may also give
 * any https: image, whose host is not on an allow-list, so those are shown unoptimised.
 */
function isRemote(src: string) {
  return !src.startsWith("/");
}

function MenuCard({ item, preload = false }: { item: MenuItemView; preload?: boolean }) {
  const headingId = `item-${item.id}`;
  return (
    <Panel as="article" padding="none" className="flex h-full flex-col overflow-hidden">
      <div className="relative">
        <StaticImage
          src={item.image}
          alt={item.name}
          width={400}
          height={300}
          sizes="(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw"
          unoptimized={isRemote(item.image)}
          preload={preload}
          fetchPriority={preload ? "high" : undefined}
          className="aspect-[4/3] h-auto w-full bg-brand-50 object-cover"
        />
        {!item.available && (
          <span className="absolute top-3 left-3 rounded-full bg-stone-900 px-2.5 py-1 text-xs font-bold text-white">Sold out</span>
        )}
        <div className={HEART_PLACE}>
          <FavouriteHeart id={item.id} name={item.name}>
            <HeartIcon />
          </FavouriteHeart>
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-start gap-2">
          <DietMark diet={item.diet} className="mt-1 h-4 w-4" />
          <h3 id={headingId} className="text-lg leading-snug font-bold text-stone-900">
            {item.name}
          </h3>
        </div>
        {item.description && <p className="text-sm text-stone-600">{item.description}</p>}
        <BowlDetails item={item} />
        <AddToCart
          item={{
            id: item.id,
            name: item.name,
            image: item.image,
            prices: item.prices,
            available: item.available,
            diet: item.diet,
            nutrition: item.nutrition,
            customisable: item.optionGroups.length > 0,
          }}
          describedBy={headingId}
        />
      </div>
    </Panel>
  );
}

/**
 * Cards in a responsive grid (one column at 320 px); those off the first screen render as they
 * come near. On /menu each card hides when the query leaves its item out (MenuSlot).
 */
export function MenuGrid({ items, preloadFirst = 0 }: { items: MenuItemView[]; preloadFirst?: number }) {
  return (
    <ul role="list" className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {items.map((item, i) => (
        <MenuSlot key={item.id} id={item.id} className="render-near-viewport [--rendered-height:36rem]">
          <MenuCard item={item} preload={i < preloadFirst} />
        </MenuSlot>
      ))}
    </ul>
  );
}
